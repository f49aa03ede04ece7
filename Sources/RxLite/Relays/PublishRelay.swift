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

extension PublishRelay: @unchecked Sendable where Element: Sendable {}
