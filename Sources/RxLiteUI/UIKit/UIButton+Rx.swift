#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIButton {
        /// Taps: `.touchUpInside` events. Completes when the button is deallocated.
        @preconcurrency @MainActor
        public var tap: ControlEvent<Void> { controlEvent(.touchUpInside) }

        /// The button's primary action (`.primaryActionTriggered`: a tap, or the keyboard's or the TV remote's
        /// select). Completes when the button is deallocated.
        @preconcurrency @MainActor
        public var primaryAction: ControlEvent<Void> { controlEvent(.primaryActionTriggered) }

        /// Binds the title for `controlState` (`setTitle(_:for:)`).
        @preconcurrency @MainActor
        public func title(for controlState: UIControl.State = []) -> Binder<String?> {
            Binder(base) { button, title in button.setTitle(title, for: controlState) }
        }

        /// Binds the image for `controlState` (`setImage(_:for:)`).
        @preconcurrency @MainActor
        public func image(for controlState: UIControl.State = []) -> Binder<UIImage?> {
            Binder(base) { button, image in button.setImage(image, for: controlState) }
        }

        /// Binds the background image for `controlState` (`setBackgroundImage(_:for:)`).
        @preconcurrency @MainActor
        public func backgroundImage(for controlState: UIControl.State = []) -> Binder<UIImage?> {
            Binder(base) { button, image in button.setBackgroundImage(image, for: controlState) }
        }

        /// Binds the attributed title for `controlState` (`setAttributedTitle(_:for:)`).
        @preconcurrency @MainActor
        public func attributedTitle(for controlState: UIControl.State = []) -> Binder<NSAttributedString?> {
            Binder(base) { button, title in button.setAttributedTitle(title, for: controlState) }
        }
    }
#endif
