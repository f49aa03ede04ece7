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

    /// This subject as a sequence; it keeps the subject alive, as in RxSwift (where it is the subject itself).
    @inlinable
    public func asObservable() -> Observable<Element> {
        Observable { [self] sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }

    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}

extension ReplayRelay: @unchecked Sendable where Element: Sendable {}
