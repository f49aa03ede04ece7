#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UISwitch {
        /// Whether the switch is on: the current state at subscription, then the state after each flip by the user;
        /// setting it sets `isOn` (without animation). Reads and writes happen on the main queue; the switch is held
        /// weakly. This property, not a key-path binder, is what `rx.isOn` names, so it can be read.
        @preconcurrency @MainActor
        public var isOn: ControlProperty<Bool> { value }

        /// The same property as ``isOn``, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<Bool> {
            controlPropertyWithDefaultEvents(getter: { $0.isOn }, setter: { $0.isOn = $1 })
        }
    }
#endif
