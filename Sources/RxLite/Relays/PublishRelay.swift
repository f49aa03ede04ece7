/// A ``PublishSubject`` that never ends: `accept` feeds it, and it has no error or completion.
public final class PublishRelay<Element>: ObservableType {
    let hub = SubjectHub.make(memory: PublishMemory<Element>())

    /// A relay with no observers.
    public init() {}

    /// Sends `element` to every current observer.
    public func accept(_ element: Element) { hub.on(next: element) }

    /// This relay as a sequence; it keeps the relay alive, as in RxSwift.
    public func asObservable() -> Observable<Element> {
        Observable { [self] sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }

    /// The relay's elements as an ``Infallible``.
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

extension PublishRelay: @unchecked Sendable where Element: Sendable {}
