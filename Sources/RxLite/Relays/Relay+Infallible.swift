// A relay never fails, so it converts to an Infallible as it is (RxRelay 6's `asInfallible()`).

extension PublishRelay {
    /// The relay's elements as an ``Infallible``.
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension BehaviorRelay {
    /// The relay's current value, then every later one, as an ``Infallible``.
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// The relay's replayed and later elements as an ``Infallible``.
    @inlinable
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
