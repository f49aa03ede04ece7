#if canImport(ObjectiveC)
    import Foundation
    import ObjectiveC
    import RxLite

    /// One key-value observing registration: observes `keyPath` of `target` from `init` until ``dispose()``, handing
    /// `callback` each change's new value on the thread that made the change.
    ///
    /// Key-value observing does not retain its observers: the subscription that made this keeps it until it disposes
    /// it. It holds the target strongly when asked (`retainSelf`), else weakly. A target that went away before
    /// `dispose()` is not asked to remove the observer: since iOS 11 and macOS 10.13, key-value observing removes an
    /// object's observers itself when the object is deallocated (unless the object sends its change notifications by
    /// hand instead of automatically).
    final class KeyValueObserver: NSObject {
        private weak var target: NSObject?
        private var retainedTarget: NSObject?
        private let keyPath: String
        private let callback: (Any?) -> Void

        /// Registers for `keyPath` of `target`. With ``KeyValueObservingOptions/initial``, `callback` gets the current
        /// value before this returns.
        init(
            target: NSObject, keyPath: String, options: KeyValueObservingOptions, retainsTarget: Bool,
            callback: @escaping (Any?) -> Void
        ) {
            self.target = target
            self.retainedTarget = retainsTarget ? target : nil
            self.keyPath = keyPath
            self.callback = callback
            super.init()
            let foundationOptions = NSKeyValueObservingOptions(rawValue: options.foundationRawValue)
            target.addObserver(self, forKeyPath: keyPath, options: foundationOptions, context: nil)
        }

        // Left out of the module scripts/typecheck-uikit builds on Linux, which cannot emit the Objective-C entry
        // point of a method taking `Any?`; its type-check without RXLITE_STUB_SDK covers it.
        #if !RXLITE_STUB_SDK
            override func observeValue(
                forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                context: UnsafeMutableRawPointer?
            ) {
                callback(change?[.newKey])
            }
        #endif

        /// Removes the registration (when the target is still there) and lets the target go. Called once.
        func dispose() {
            target?.removeObserver(self, forKeyPath: keyPath, context: nil)
            target = nil
            retainedTarget = nil
        }

        /// The new values of `keyPath` of `target`, one per change notification, from subscription until dispose:
        /// one registration per subscription. The sequence holds `target` strongly when `retainsTarget`, else
        /// weakly; when `target` is gone at subscription it completes at once.
        static func values(
            of target: NSObject, keyPath: String, options: KeyValueObservingOptions, retainsTarget: Bool
        ) -> Observable<Any?> {
            let retainedTarget = retainsTarget ? target : nil
            return Observable.create { [weak target] observer in
                guard let target = target ?? retainedTarget else {
                    observer.onCompleted()
                    return Disposables.create()
                }
                let registration = KeyValueObserver(
                    target: target, keyPath: keyPath, options: options, retainsTarget: retainsTarget
                ) { newValue in
                    observer.onNext(newValue)
                }
                return Disposables.create { registration.dispose() }
            }
        }
    }
#endif
