/// A ``ReplaySubject`` that never ends.
public final class ReplayRelay<Element>: ObservableType {
    @usableFromInline
    let hub: SubjectHub<ReplayMemory<Element>>

    init(capacity: Int) {
        hub = SubjectHub(memory: ReplayMemory(capacity: capacity))
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
    @inlinable
    public func accept(_ element: Element) { hub.on(.next(element)) }

    @inlinable
    public func asObservable() -> Observable<Element> {
        let hub = self.hub
        return Observable { sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }
}

extension ReplayRelay: @unchecked Sendable where Element: Sendable {}
