#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIActivityIndicatorView {
        /// Starts the animation on `true` (`startAnimating()`), stops it on `false` (`stopAnimating()`).
        @preconcurrency @MainActor
        public var isAnimating: Binder<Bool> {
            Binder(base) { indicator, animating in
                if animating { indicator.startAnimating() } else { indicator.stopAnimating() }
            }
        }
    }
#endif
