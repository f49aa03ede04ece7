#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIGestureRecognizer {
        /// The recognizer each time it sends its action (a tap recognized; each change of a pan, from `.began` to
        /// `.ended`): read its `state` and `location(in:)` in the handler. It never fails, and completes at once when
        /// the recognizer is already gone at subscription.
        ///
        /// Each subscription adds a target of its own with `addTarget(_:action:)` on the main queue and removes it on
        /// dispose, so the app's own targets keep their messages. The recognizer is held weakly.
        @preconcurrency @MainActor
        public var event: ControlEvent<Base> {
            let events = Observable<Base>.create { [weak recognizer = base] observer in
                let sink = MainThreadObserver(observer: observer)
                // Subscribed on the main queue (below), so this runs on the main actor.
                let target = MainActor.assumeIsolated { () -> GestureTarget? in
                    guard let recognizer else { return nil }
                    let target = GestureTarget { [weak recognizer] in
                        if let recognizer { sink.observer.onNext(recognizer) }
                    }
                    recognizer.addTarget(target, action: #selector(GestureTarget.recognizerFired))
                    return target
                }
                guard let target else {
                    observer.onCompleted()
                    return Disposables.create()
                }
                // The recognizer does not retain its targets: this disposable keeps `target` alive until disposed.
                return Disposables.create { [weak recognizer] in
                    _ = MainScheduler.instance.schedule(()) { _ in
                        MainActor.assumeIsolated {
                            recognizer?.removeTarget(target, action: #selector(GestureTarget.recognizerFired))
                        }
                        return Disposables.create()
                    }
                }
            }
            return ControlEvent(events: events.subscribe(on: MainScheduler.instance))
        }
    }

    /// One `rx.event` subscription's target: its action method calls `handler`.
    @preconcurrency @MainActor
    final class GestureTarget: NSObject {
        private let handler: @MainActor () -> Void

        init(handler: @escaping @MainActor () -> Void) {
            self.handler = handler
        }

        /// The action the recognizer sends.
        @objc func recognizerFired() {
            handler()
        }
    }
#endif
