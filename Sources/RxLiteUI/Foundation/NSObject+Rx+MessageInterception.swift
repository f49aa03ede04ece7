import Foundation
import RxLite

#if canImport(ObjectiveC)
    import ObjectiveC

    extension Reactive where Base: AnyObject {
        /// The arguments of each call of `selector` to `base`, emitted *before* the method runs; completes when `base`
        /// is deallocated.
        ///
        /// Arguments come as RxCocoa gives them: objects as themselves (`NSNull()` for `nil`), numbers and `BOOL`s as
        /// `NSNumber`s, selectors and `CGPoint`/`CGSize`/`CGRect` values as `NSValue`s
        /// (`.map { $0.first as? Bool ?? false }` reads `viewWillAppear(_:)`'s `animated`). Elements are delivered
        /// on the thread that sends the message, during the call.
        ///
        /// The method must exist, return `void` and take at most four arguments, each an object, a class, a selector,
        /// a `BOOL` or `bool`, an integer, a `float` or `double`, or a `CGPoint`, `CGSize` or `CGRect` (not a `CGRect`
        /// on Intel Macs and simulators, which pass it in memory). Otherwise the sequence fails with a
        /// ``RxCocoaObjCRuntimeError``: `selectorNotImplemented`, `observingMessagesWithUnsupportedReturnType`,
        /// `replacingMethodWithForwardingImplementation` (arguments it cannot read),
        /// `observingPerformanceSensitiveMessages` (`class`, `respondsToSelector:` and the like),
        /// `objectMessagesAlreadyBeingIntercepted` (an object under key-value observing: observe messages first), or
        /// `cantInterceptCoreFoundationTollFreeBridgedObjects`; `unknown` on watchOS devices, whose calling
        /// convention (arm64_32) RxLite does not read.
        ///
        /// The first observation moves `base` to a subclass of its class made at run time, which `-class` hides, and
        /// adds the intercepting method to it, once per class and selector (as RxCocoa does); the app's other
        /// instances are not touched. For `dealloc` this is ``deallocating`` with an empty array. Not available
        /// outside Apple platforms, which have no Objective-C runtime.
        public func sentMessage(_ selector: Selector) -> Observable<[Any]> {
            if selector.description == MessageInterceptionRegistry.deallocSelectorName {
                return deallocating.map { _ in [] }
            }
            return interceptedMessages(selector) { $0.sent }
        }

        /// The arguments of each call of `selector` to `base`, emitted *after* the method ran; completes when `base`
        /// is deallocated.
        ///
        /// What ``sentMessage(_:)`` says applies: the same arguments, methods and errors. For `dealloc` this is
        /// ``deallocated`` with an empty array.
        public func methodInvoked(_ selector: Selector) -> Observable<[Any]> {
            if selector.description == MessageInterceptionRegistry.deallocSelectorName {
                return deallocated.map { _ in [] }
            }
            return interceptedMessages(selector) { $0.invoked }
        }

        /// `subject` of `base`'s subjects for `selector`, once its calls are intercepted; the interception's error if
        /// they cannot be.
        private func interceptedMessages(
            _ selector: Selector, _ subject: (MessageSubjects) -> PublishSubject<[Any]>
        ) -> Observable<[Any]> {
            do {
                try MessageInterception.intercept(base, selector)
            } catch {
                return Observable.error(error)
            }
            return subject(MessageInterception.subjects(of: base, selector)).asObservable()
        }

        /// Emits `()` when `dealloc` is sent to `base`, while the object is still whole (before its `deinit`), and
        /// completes once it is deallocated; a subscriber that comes between the two gets the `()` too.
        ///
        /// It intercepts `dealloc` as ``sentMessage(_:)`` intercepts a method, and fails as it does
        /// (`objectMessagesAlreadyBeingIntercepted` for an object under key-value observing). Delivered on the thread
        /// that releases the object's last reference. ``deallocated`` needs no interception and emits once the object
        /// is gone.
        public var deallocating: Observable<Void> {
            do {
                try MessageInterception.intercept(
                    base, MessageInterception.selector(named: MessageInterceptionRegistry.deallocSelectorName))
            } catch {
                return Observable.error(error)
            }
            return MessageInterception.deallocatingSubject(of: base).asObservable()
        }
    }
#endif
