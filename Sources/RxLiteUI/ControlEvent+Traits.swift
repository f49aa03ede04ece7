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
