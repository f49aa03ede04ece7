extension InfallibleType where Element: Sendable {
    /// The infallible as a ``Driver``: the same elements, delivered on the main scheduler and shared (RxCocoa's
    /// `asDriver()`). The elements cross to the main thread here, so they must be `Sendable`.
    @inlinable
    public func asDriver() -> Driver<Element> {
        Driver(delivering: asObservable())
    }
}
