/// The memory of a subject that keeps the last `capacity` elements.
struct ReplayMemory<Element>: SubjectMemory {
    static var subjectName: String { "ReplaySubject" }

    let capacity: Int
    // A ring buffer once full: `start` indexes the oldest element.
    var buffer: [Element] = []
    var start = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func record(_ event: Event<Element>) -> Bool {
        guard case .next(let element) = event else { return true }
        return record(element: element)
    }

    mutating func record(element: Element) -> Bool {
        guard capacity > 0 else { return true }
        if buffer.count < capacity {
            buffer.append(element)
        } else {
            buffer[start] = element
            // Not `%`: a division per element is most of the cost of recording one (Driver records after every
            // operator).
            start += 1
            if start == capacity { start = 0 }
        }
        return true
    }

    var hasReplay: Bool { buffer.count > 0 }

    func replay() -> [Event<Element>] {
        var events: [Event<Element>] = []
        events.reserveCapacity(buffer.count)
        for offset in 0..<buffer.count { events.append(.next(buffer[(start + offset) % buffer.count])) }
        return events
    }

    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>] { replay() + [terminal] }
}

/// ``ReplayMemory`` for a buffer of one, which `share(replay: 1)` (so every ``Driver`` operator) records into once
/// per element: one store, where the ring buffer paid an array uniqueness check and index arithmetic on every
/// element of every Driver operator.
///
/// Generic over the optional it keeps (`Element?`, through ``OptionalValue``) rather than the element: storing into an
/// `Element?` field, compiled once, looked up `Optional<Element>`'s metadata on every element.
struct LatestMemory<Latest: OptionalValue>: SubjectMemory {
    typealias Element = Latest.Wrapped

    static var subjectName: String { "ReplaySubject" }

    var latest = Latest.none

    init() {}

    mutating func record(_ event: Event<Element>) -> Bool {
        if case .next(let element) = event { latest = .some(element) }
        return true
    }

    mutating func record(element: Element) -> Bool {
        latest = .some(element)
        return true
    }

    var hasReplay: Bool { !latest.isNone }

    func replay() -> [Event<Element>] {
        guard let latest = latest.wrapped else { return [] }
        return [.next(latest)]
    }

    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>] { replay() + [terminal] }
}

/// An `Optional` seen through a type parameter of its own, for the reason ``EventRouting`` gives: code generic over
/// the optional type reads its metadata from that parameter, where code generic over the wrapped type looks it up on
/// every use. `Optional` is the one conforming type. (Package-wide: the timed state machines keep their waiting element
/// through it, and RxLiteUI runs those machines.)
package protocol OptionalValue<Wrapped> {
    associatedtype Wrapped

    /// A value.
    static func some(_ wrapped: Wrapped) -> Self

    /// No value.
    static var none: Self { get }

    /// Itself, as an `Optional`.
    var wrapped: Wrapped? { get }

    /// Whether it holds no value.
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    package var wrapped: Wrapped? { self }

    package var isNone: Bool { self == nil }
}

/// A subject that replays up to `bufferSize` past elements to each new subscriber, then forwards every event.
///
/// A subscriber arriving after the end gets the buffered elements, then the terminal event. Thread-safe, with the
/// delivery rules of ``PublishSubject``.
public final class ReplaySubject<Element>: Observable<Element>, ObserverType {
    let hub: SubjectHub<ReplayMemory<Element>>

    init(capacity: Int) {
        let hub = SubjectHub.make(memory: ReplayMemory<Element>(capacity: capacity))
        self.hub = hub
        super.init(keptAliveBySubscriptions: true) { sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }

    /// A subject that replays the last `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize >= 0, "bufferSize must not be negative")
        return ReplaySubject(capacity: bufferSize)
    }

    /// A subject that replays every element it ever received.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(capacity: Int.max)
    }

    /// The former name of ``createUnbounded()``.
    @available(*, deprecated, renamed: "createUnbounded()")
    public static func createUnbound() -> ReplaySubject<Element> {
        createUnbounded()
    }

    /// Whether anyone is subscribed now.
    public var hasObservers: Bool { hub.hasObservers }

    /// Whether ``dispose()`` was called on the subject.
    public var isDisposed: Bool { hub.isDisposed }

    /// Adds a `.next` element to the replay buffer and sends `event` to every current observer.
    public func on(_ event: Event<Element>) { hub.on(event) }

    /// Records `element` for replay and sends it to every current observer: `on(.next(element))`.
    public func onNext(_ element: Element) { hub.on(next: element) }

    /// Releases every observer; later subscribers get `RxError.disposed`. An event being delivered at that moment
    /// still reaches every observer first.
    public func dispose() { hub.dispose() }

    override func feedSink(connection: Lifetime, beforeEnd: @escaping () -> Void) -> EventSink<Element>? {
        SubjectFeedSink(subject: self, hub: hub, connection: connection, beforeEnd: beforeEnd)
    }

    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}

extension ReplaySubject: @unchecked Sendable where Element: Sendable {}
