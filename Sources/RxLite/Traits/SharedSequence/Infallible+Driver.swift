extension InfallibleType where Element: Sendable {
    /// The infallible as a ``Driver``: the same elements, delivered on the main scheduler and shared (RxCocoa's
    /// `asDriver()`). The elements cross to the main thread here, so they must be `Sendable`.
    public func asDriver() -> Driver<Element> {
        Driver(delivering: asObservable())
    }
}

extension InfallibleType {
    /// This conversion for an element that is not `Sendable`, as RxSwift has it: what the checked overload does,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the main thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and a Driver or Signal hands elements to the main thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func asDriver() -> Driver<Element> {
        Driver(delivering: asObservable())
    }
}
