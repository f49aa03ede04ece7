#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIGestureRecognizer {
        /// The recognizer each time it sends its action (a tap recognized; each change of a pan, from `.began` to
        /// `.ended`): read its `state` and `location(in:)` in the handler. It never fails, delivers on the main queue,
        /// and completes when the recognizer is deallocated (at once when it is already gone at subscription).
        ///
        /// Each subscription adds a target of its own with `addTarget(_:action:)` on the main queue and removes it on
        /// dispose, so the app's own targets keep their messages. The recognizer is held weakly.
        @preconcurrency @MainActor
        public var event: ControlEvent<Base> {
            let events = ControlSource.events(of: base, deallocated: deallocated) { recognizer, handler in
                let target = GestureTarget { [weak recognizer] in
                    if let recognizer { handler(recognizer) }
                }
                recognizer.addTarget(target, action: #selector(GestureTarget.recognizerFired))
                // The recognizer does not retain its targets: the removal, which the subscription keeps until it
                // ends, keeps `target` alive.
                return { [weak recognizer] in
                    recognizer?.removeTarget(target, action: #selector(GestureTarget.recognizerFired))
                }
            }
            return ControlEvent(events: events)
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
