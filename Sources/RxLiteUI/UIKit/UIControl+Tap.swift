#if canImport(UIKit)
    import RxLite
    import UIKit

    extension UIControl {
        /// Runs `action` on the first tap, then ignores taps for `dueTime`: the one-liner that replaces a
        /// hand-made `ThrottleButton` subclass.
        ///
        /// With `latest: true` the last tap inside the window also runs when the window ends. `action` runs on
        /// the main queue. Dispose the result (or put it in a `DisposeBag`) to stop; the control is held weakly.
        ///
        /// ```swift
        /// button.onTap(throttle: .seconds(3)) { viewModel.submit() }.disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        @discardableResult
        public func onTap(
            throttle dueTime: RxTimeInterval, latest: Bool = false, for controlEvents: UIControl.Event = .touchUpInside,
            _ action: @escaping @MainActor () -> Void
        ) -> any Disposable {
            rx.controlEvent(controlEvents)
                .throttle(dueTime, latest: latest, scheduler: MainScheduler.instance)
                .subscribe(onNext: { MainActor.assumeIsolated { action() } })
        }

        /// Runs `action` once `dueTime` has passed after the last tap of a burst: the one-liner that replaces a
        /// hand-made `DebounceButton` subclass.
        ///
        /// `action` runs on the main queue. Dispose the result (or put it in a `DisposeBag`) to stop; the control
        /// is held weakly.
        ///
        /// ```swift
        /// button.onTap(debounce: .milliseconds(500)) { viewModel.save() }.disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        @discardableResult
        public func onTap(
            debounce dueTime: RxTimeInterval, for controlEvents: UIControl.Event = .touchUpInside,
            _ action: @escaping @MainActor () -> Void
        ) -> any Disposable {
            rx.controlEvent(controlEvents)
                .debounce(dueTime, scheduler: MainScheduler.instance)
                .subscribe(onNext: { MainActor.assumeIsolated { action() } })
        }
    }
#endif
