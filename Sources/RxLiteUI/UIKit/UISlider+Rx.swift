#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UISlider {
        /// The slider's value: the current value at subscription, then the value after each move by the user
        /// (continuously while dragging, unless `isContinuous` is `false`); setting it sets `value`. Reads and writes
        /// happen on the main queue; the slider is held weakly.
        @preconcurrency @MainActor
        public var value: ControlProperty<Float> {
            controlPropertyWithDefaultEvents(getter: { $0.value }, setter: { $0.value = $1 })
        }
    }
#endif
