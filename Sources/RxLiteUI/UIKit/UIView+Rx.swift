#if canImport(UIKit)
    import RxLite
    import UIKit

    // One-way binders for view properties. Each is a `Binder`: it holds the view weakly, applies values on the main
    // queue (at once when they already arrive there, as from a Driver), and stops a debug build on an error.

    extension Reactive where Base: UIView {
        /// Binds `isHidden`.
        @preconcurrency @MainActor
        public var isHidden: Binder<Bool> {
            Binder(base) { view, hidden in view.isHidden = hidden }
        }

        /// Binds `alpha`.
        @preconcurrency @MainActor
        public var alpha: Binder<CGFloat> {
            Binder(base) { view, alpha in view.alpha = alpha }
        }
    }

    extension Reactive where Base: UILabel {
        /// Binds `text`.
        @preconcurrency @MainActor
        public var text: Binder<String?> {
            Binder(base) { label, text in label.text = text }
        }

        /// Binds `attributedText`.
        @preconcurrency @MainActor
        public var attributedText: Binder<NSAttributedString?> {
            Binder(base) { label, text in label.attributedText = text }
        }
    }

    extension Reactive where Base: UIControl {
        /// Binds `isEnabled`.
        @preconcurrency @MainActor
        public var isEnabled: Binder<Bool> {
            Binder(base) { control, enabled in control.isEnabled = enabled }
        }
    }

    extension Reactive where Base: UIButton {
        /// Binds the title for `controlState`.
        @preconcurrency @MainActor
        public func title(for controlState: UIControl.State = []) -> Binder<String?> {
            Binder(base) { button, title in button.setTitle(title, for: controlState) }
        }

        /// Binds the attributed title for `controlState`.
        @preconcurrency @MainActor
        public func attributedTitle(for controlState: UIControl.State = []) -> Binder<NSAttributedString?> {
            Binder(base) { button, title in button.setAttributedTitle(title, for: controlState) }
        }

        /// Binds the image for `controlState`.
        @preconcurrency @MainActor
        public func image(for controlState: UIControl.State = []) -> Binder<UIImage?> {
            Binder(base) { button, image in button.setImage(image, for: controlState) }
        }

        /// Binds the background image for `controlState`.
        @preconcurrency @MainActor
        public func backgroundImage(for controlState: UIControl.State = []) -> Binder<UIImage?> {
            Binder(base) { button, image in button.setBackgroundImage(image, for: controlState) }
        }
    }

    extension Reactive where Base: UIActivityIndicatorView {
        /// Starts the animation on `true`, stops it on `false`.
        @preconcurrency @MainActor
        public var isAnimating: Binder<Bool> {
            Binder(base) { indicator, animating in
                if animating { indicator.startAnimating() } else { indicator.stopAnimating() }
            }
        }
    }
#endif
