/// The memory of a subject that emits only its last element, at completion.
@usableFromInline
struct AsyncMemory<Element>: SubjectMemory {
    @usableFromInline
    static var subjectName: String { "AsyncSubject" }

    @usableFromInline
    var last: Element?

    @inlinable
    init() {}

    @inlinable
    mutating func record(_ event: Event<Element>) -> Bool {
        switch event {
        case .next(let element):
            last = element
            return false
        case .completed: return false
        case .error: return true
        }
    }

    @inlinable
    func replay() -> [Event<Element>] { [] }

    @inlinable
    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>] {
        if case .completed = terminal, let last { return [.next(last), .completed] }
        return [terminal]
    }
}

/// A subject that emits nothing until it completes, then emits its last element (if any) and completes.
///
/// An error is forwarded at once and the last element is dropped. Thread-safe.
public final class AsyncSubject<Element>: ObserverType, ObservableType {
    @usableFromInline
    let hub = SubjectHub(memory: AsyncMemory<Element>())

    /// A subject with no observers.
    @inlinable
    public init() {}

    // The members every subject forwards to `hub` are generated into Subjects+Forwarding.swift.
    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}
