import RxLite

extension ControlEvent where Element: Sendable {
    /// The events as a `Signal` (a control event never fails).
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: { _ in Signal.empty() })
    }

    /// The events as a `Driver`, replaying the latest to new subscribers.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}

extension ControlEvent {
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
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: { _ in Signal.empty() })
    }

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
        asDriver(onErrorRecover: { _ in Driver.empty() })
    }
}
