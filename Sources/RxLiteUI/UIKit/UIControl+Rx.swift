#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIControl {
        /// The control's `controlEvents`, as a sequence of `()`: it never fails, and completes at once when the
        /// control is already gone at subscription.
        ///
        /// Each subscription registers a closure-based `UIAction` with `addAction(_:for:)` on the main queue and
        /// removes it on dispose (from any thread: removal hops to the main queue). The control is held weakly.
        @preconcurrency @MainActor
        public func controlEvent(_ controlEvents: UIControl.Event) -> ControlEvent<Void> {
            let events = Observable<Void>.create { [weak control = base] observer in
                let sink = MainThreadObserver(observer: observer)
                // Subscribed on the main queue (below), so this runs on the main actor.
                let action = MainActor.assumeIsolated { () -> UIAction? in
                    guard let control else { return nil }
                    let action = UIAction { _ in sink.observer.onNext(()) }
                    control.addAction(action, for: controlEvents)
                    return action
                }
                guard let action else {
                    observer.onCompleted()
                    return Disposables.create()
                }
                return Disposables.create { [weak control] in
                    _ = MainScheduler.instance.schedule(()) { _ in
                        MainActor.assumeIsolated { control?.removeAction(action, for: controlEvents) }
                        return Disposables.create()
                    }
                }
            }
            return ControlEvent(events: events.subscribe(on: MainScheduler.instance))
        }
    }

    extension Reactive where Base: UIButton {
        /// Taps: `.touchUpInside` events.
        @preconcurrency @MainActor
        public var tap: ControlEvent<Void> { controlEvent(.touchUpInside) }

        /// The button's primary action (`.primaryActionTriggered`: a tap, or the keyboard's or the TV remote's
        /// select).
        @preconcurrency @MainActor
        public var primaryAction: ControlEvent<Void> { controlEvent(.primaryActionTriggered) }
    }
#endif
