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
#endif
