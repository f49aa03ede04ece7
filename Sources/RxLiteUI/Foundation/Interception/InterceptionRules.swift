/// What cannot be intercepted, and how a delegate proxy's class takes an interception: decided from names and facts the
/// runtime side reads, so that the decisions run (and are tested) everywhere.
enum InterceptionRules {
    /// Why messages cannot be intercepted: a ``RxCocoaObjCRuntimeError`` without its target.
    enum Refusal: Equatable, Sendable {
        /// A selector the runtime sends too often, or needs itself (`observingPerformanceSensitiveMessages`).
        case performanceSensitiveSelector
        /// An object whose class cannot be replaced (`cantInterceptCoreFoundationTollFreeBridgedObjects`).
        case tollFreeBridgedOrTagged
        /// Another mechanism replaced the object's class first (`objectMessagesAlreadyBeingIntercepted`).
        case alreadyIntercepted(RxCocoaInterceptionMechanism)

        /// RxCocoa's error for this refusal, on `target`.
        func error(target: AnyObject) -> RxCocoaObjCRuntimeError {
            switch self {
            case .performanceSensitiveSelector: .observingPerformanceSensitiveMessages(target: target)
            case .tollFreeBridgedOrTagged: .cantInterceptCoreFoundationTollFreeBridgedObjects(target: target)
            case .alreadyIntercepted(let mechanism):
                .objectMessagesAlreadyBeingIntercepted(target: target, interceptionMechanism: mechanism)
            }
        }
    }

    /// Selectors RxCocoa refuses: the runtime sends them on every message it forwards or every `-class` check.
    static let performanceSensitiveSelectors: Set<String> = [
        "class", "respondsToSelector:", "methodSignatureForSelector:", "forwardingTargetForSelector:",
    ]

    /// The refusal of the selector named `name`, if any. A delegate proxy is never observed deallocating through its
    /// own interception: its `dealloc` is refused with the others.
    static func refusal(ofSelectorNamed name: String, onDelegateProxy: Bool) -> Refusal? {
        if performanceSensitiveSelectors.contains(name) || (onDelegateProxy && name == "dealloc") {
            return .performanceSensitiveSelector
        }
        return nil
    }

    /// The refusal of an object of the class named `className` (its real class, `object_getClass`), if any:
    /// Core Foundation's toll-free bridged classes and the tagged-pointer ones cannot take another class; when the
    /// object's `-class` does not answer its real class, another mechanism (key-value observing, by its classes'
    /// prefix) moved it already.
    static func refusal(ofObjectOfClassNamed className: String, reportsItsRealClass: Bool) -> Refusal? {
        let unreplaceablePrefixes = ["__NSCF", "NSCF", "__NSTagged", "NSTagged"]
        if unreplaceablePrefixes.contains(where: className.hasPrefix) { return .tollFreeBridgedOrTagged }
        if !reportsItsRealClass {
            return .alreadyIntercepted(className.hasPrefix("NSKVONotifying_") ? .kvo : .unknown)
        }
        return nil
    }

    /// How a delegate proxy's class takes the interception of a method.
    enum ProxyInstallation: Equatable, Sendable {
        /// The method is replaced in the class that defines it (the proxy's or a superclass, whose subclasses then
        /// share it); the replacement calls the implementation it had.
        case replacingOwnMethod
        /// Added to the proxy's class, handing the call on to the forward delegate: the proxy has no method for it.
        case forwardingToDelegate
    }

    /// How the interception goes in, given whether the proxy's class has the method (its own or inherited).
    static func proxyInstallation(classHasMethod: Bool) -> ProxyInstallation {
        classHasMethod ? .replacingOwnMethod : .forwardingToDelegate
    }
}
