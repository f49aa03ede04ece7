import RxLite
import Testing

/// An error for tests, compared by its code.
struct SampleError: Error, Equatable {
    var code = 1
}

/// Records the events it receives and checks the Rx contract as it goes: no event after a terminal one, and no
/// two calls at once. Thread-safe, so it can sit behind concurrent producers.
final class EventLog<Element>: ObserverType, @unchecked Sendable {
    private let lock = NSLockLike()
    private var storage: [Event<Element>] = []
    private let inFlight = RxAtomic<Int>(0)
    private let overlapCount = RxAtomic<Int>(0)
    private let afterEndCount = RxAtomic<Int>(0)

    init() {}

    func on(_ event: Event<Element>) {
        if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        lock.withLock {
            if storage.last?.isStopEvent == true { afterEndCount.add(1, ordering: .relaxed) }
            storage.append(event)
        }
        inFlight.subtract(1, ordering: .acquiringAndReleasing)
    }

    var events: [Event<Element>] { lock.withLock { storage } }
    var elements: [Element] { events.compactMap(\.element) }
    var isCompleted: Bool { events.last?.isCompleted == true }
    var error: (any Error)? { events.last?.error }
    var count: Int { lock.withLock { storage.count } }

    /// Every violation of the contract seen so far: overlapping calls and events after the end.
    var contractViolations: Int {
        overlapCount.load(ordering: .relaxed) + afterEndCount.load(ordering: .relaxed)
    }
}

/// A minimal pthread-free lock for test bookkeeping (an atomic flag; tests are not hot paths).
final class NSLockLike: Sendable {
    private let flag = RxAtomic<Bool>(false)

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        while !flag.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {}
        defer { flag.store(false, ordering: .releasing) }
        return try body()
    }
}

extension Event {
    /// The event with its element replaced by its description, for comparing events in tests.
    var summary: String {
        switch self {
        case .next(let element): return "next(\(element))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

/// Runs `body` and expects every RxLite object it created to be released once it returns. Suites also carry the
/// `.checksResources` trait, which checks the same around the whole test; this one narrows it to `body`.
func expectNoLeaks(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) rethrows {
    let before = Resources.total
    try body()
    #expect(Resources.total == before, "live RxLite resources", sourceLocation: sourceLocation)
}
