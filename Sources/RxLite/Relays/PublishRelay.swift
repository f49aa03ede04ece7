/// A ``PublishSubject`` that never ends: `accept` feeds it, and it has no error or completion.
public final class PublishRelay<Element>: ObservableType {
    @usableFromInline
    let hub = SubjectHub(memory: PublishMemory<Element>())

    /// A relay with no observers.
    @inlinable
    public init() {}

    /// Sends `element` to every current observer.
    @inlinable
    public func accept(_ element: Element) { hub.on(.next(element)) }

    @inlinable
    public func asObservable() -> Observable<Element> {
        let hub = self.hub
        return Observable { sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }
}

extension PublishRelay: @unchecked Sendable where Element: Sendable {}
