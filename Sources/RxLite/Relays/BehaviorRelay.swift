/// A ``BehaviorSubject`` that never ends: it holds `value`, `accept` replaces it, and subscribers get the current
/// value first.
public final class BehaviorRelay<Element>: ObservableType {
    let hub: SubjectHub<BehaviorMemory<Element>>

    /// A relay whose current value is `value`.
    public init(value: Element) {
        hub = SubjectHub.make(memory: BehaviorMemory(value: value))
    }

    /// The current value.
    public var value: Element { hub.withLock { $0.value } }

    /// Replaces the current value and sends it to every current observer.
    public func accept(_ element: Element) { hub.on(next: element) }

    /// This relay as a sequence; it keeps the relay alive, as in RxSwift.
    public func asObservable() -> Observable<Element> {
        Observable { [self] sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }

    /// The relay's current value, then every later one, as an ``Infallible``.
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

extension BehaviorRelay: @unchecked Sendable where Element: Sendable {}
