/// A ``ReplaySubject`` that never ends.
public final class ReplayRelay<Element>: ObservableType {
    let hub: SubjectHub<ReplayMemory<Element>>

    init(capacity: Int) {
        hub = SubjectHub.make(memory: ReplayMemory(capacity: capacity))
    }

    /// A relay that replays the last `bufferSize` elements to each new subscriber.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        precondition(bufferSize >= 0, "bufferSize must not be negative")
        return ReplayRelay(capacity: bufferSize)
    }

    /// A relay that replays every element it ever received.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(capacity: Int.max)
    }

    /// Sends `element` to every current observer and remembers it.
    public func accept(_ element: Element) { hub.on(next: element) }

    /// This relay as a sequence; it keeps the relay alive, as in RxSwift.
    public func asObservable() -> Observable<Element> {
        Observable { [self] sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }

    /// The relay's replayed and later elements as an ``Infallible``.
    ///
    /// A relay never fails, so it converts as it is (RxRelay 6's `asInfallible()`).
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }

    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}

extension ReplayRelay: @unchecked Sendable where Element: Sendable {}
