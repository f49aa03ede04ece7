#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIStepper {
        /// The stepper's value: the current value at subscription, then the value after each step by the user;
        /// setting it sets `value`. Reads and writes happen on the main queue; the stepper is held weakly.
        @preconcurrency @MainActor
        public var value: ControlProperty<Double> {
            controlPropertyWithDefaultEvents(getter: { $0.value }, setter: { $0.value = $1 })
        }
    }
#endif
