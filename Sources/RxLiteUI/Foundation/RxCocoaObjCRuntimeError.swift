/// How an object's messages were already being intercepted, in a ``RxCocoaObjCRuntimeError``.
public enum RxCocoaInterceptionMechanism: Sendable {
    /// A mechanism RxCocoa does not know.
    case unknown
    /// Key-value observing, which replaces the object's class.
    case kvo
}

/// RxCocoa's errors of its Objective-C runtime interception (`methodInvoked`, `sentMessage`, `deallocating`), with its
/// cases.
///
/// On Apple platforms `rx.sentMessage(_:)`, `rx.methodInvoked(_:)`, `rx.deallocating` and a delegate proxy's
/// `sentMessage(_:)` and `methodInvoked(_:)` fail with one of them, as an error event, for what they cannot intercept.
/// Elsewhere there is no Objective-C runtime, nothing raises them, and they exist so that code which catches or
/// matches them compiles.
public enum RxCocoaObjCRuntimeError: Swift.Error {
    /// An error with no more detail, on `target`.
    case unknown(target: AnyObject)
    /// `target`'s messages were already intercepted by `interceptionMechanism`.
    case objectMessagesAlreadyBeingIntercepted(target: AnyObject, interceptionMechanism: RxCocoaInterceptionMechanism)
    /// `target` does not implement the selector asked for.
    case selectorNotImplemented(target: AnyObject)
    /// `target` is a toll-free bridged Core Foundation object, whose class cannot be replaced.
    case cantInterceptCoreFoundationTollFreeBridgedObjects(target: AnyObject)
    /// Another library changed `target`'s class or methods at the same time.
    case threadingCollisionWithOtherInterceptionMechanism(target: AnyObject)
    /// Keeping `target`'s original forwarding method failed.
    case savingOriginalForwardingMethodFailed(target: AnyObject)
    /// Replacing a method of `target` with the forwarding implementation failed; in RxLite, also a method whose
    /// arguments it cannot read (more than four, a structure other than `CGPoint`, `CGSize` or `CGRect`, a pointer),
    /// for which it cannot make an intercepting implementation.
    case replacingMethodWithForwardingImplementation(target: AnyObject)
    /// The selector is one of the methods the runtime calls too often to intercept (`class`, `respondsToSelector:`,
    /// `methodSignatureForSelector:`, `forwardingTargetForSelector:`).
    case observingPerformanceSensitiveMessages(target: AnyObject)
    /// The method returns a type whose calls cannot be intercepted (in RxLite, any method that does not return
    /// `void`).
    case observingMessagesWithUnsupportedReturnType(target: AnyObject)
}

// Unchecked: the payloads (`AnyObject`, as in RxCocoa) only name the object that failed; an error is read, not
// mutated, by whoever catches it.
extension RxCocoaObjCRuntimeError: @unchecked Sendable {}

extension RxCocoaObjCRuntimeError: CustomDebugStringConvertible {
    /// What failed and on which object, for a log.
    public var debugDescription: String {
        switch self {
        case .unknown(let target):
            "An unknown error occurred while intercepting messages of `\(target)`."
        case .objectMessagesAlreadyBeingIntercepted(let target, let mechanism):
            "The messages of `\(target)` are already intercepted by "
                + (mechanism == .kvo ? "key-value observing" : "another mechanism")
                + "; intercept them before observing it."
        case .selectorNotImplemented(let target):
            "`\(target)` does not implement the selector whose messages were asked for."
        case .cantInterceptCoreFoundationTollFreeBridgedObjects(let target):
            "The messages of `\(target)`, a toll-free bridged Core Foundation object, cannot be intercepted."
        case .threadingCollisionWithOtherInterceptionMechanism(let target):
            "Another library changed the class of `\(target)` at the same time."
        case .savingOriginalForwardingMethodFailed(let target):
            "Keeping the original forwarding method of `\(target)` failed."
        case .replacingMethodWithForwardingImplementation(let target):
            "Replacing a method of `\(target)` with the forwarding implementation failed."
        case .observingPerformanceSensitiveMessages(let target):
            "The messages asked for on `\(target)` are sent too often to be intercepted."
        case .observingMessagesWithUnsupportedReturnType(let target):
            "The method asked for on `\(target)` returns a type whose calls cannot be intercepted."
        }
    }
}
