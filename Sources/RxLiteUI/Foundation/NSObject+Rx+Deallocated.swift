import Foundation
import RxLite

#if canImport(ObjectiveC)
    import ObjectiveC

    extension Reactive where Base: AnyObject {
        /// Emits `()` and completes when `base` is deallocated, as RxCocoa's `rx.deallocated`; nothing before that.
        ///
        /// It is delivered on the thread that releases the object's last reference (the main thread for a UIKit
        /// object), after the object's own `deinit` has run. A subscription made after the object is gone, to a
        /// sequence read while it lived, gets the `()` and the completion at once. Subscribing keeps nothing alive: the
        /// sequence holds no reference to `base`.
        ///
        /// The object holds a small associated object (`objc_setAssociatedObject`) whose own deinitialization, as
        /// its owner is deallocated, sends the event; the first read attaches it, and every read returns the same
        /// sequence. No method of `base`'s class is replaced (``deallocating``, which emits as `dealloc` is sent,
        /// intercepts it).
        public var deallocated: Observable<Void> {
            DeallocationSignal.attached(to: base).released
        }
    }

    extension DeallocationSignal {
        /// The signal attached to `object`, attaching one on first use; safe on any thread.
        static func attached(to object: AnyObject) -> DeallocationSignal {
            // The key is the address of this class's type metadata: one address per process, that nothing else uses
            // as an association key.
            let key = UnsafeRawPointer(bitPattern: Int(bitPattern: ObjectIdentifier(DeallocationSignal.self)))!
            // Under the lock, reading and attaching are one step, so two threads never attach two signals. Setting an
            // association where there was none releases nothing, so no deinit (no user code) runs under it.
            return attachment.withLock { _ in
                if let signal = objc_getAssociatedObject(object, key) as? DeallocationSignal { return signal }
                let signal = DeallocationSignal()
                objc_setAssociatedObject(object, key, signal, .OBJC_ASSOCIATION_RETAIN)
                return signal
            }
        }
    }

    /// Serializes attaching deallocation signals.
    private let attachment = Locked(())
#endif
