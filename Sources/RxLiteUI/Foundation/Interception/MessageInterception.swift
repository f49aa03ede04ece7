#if canImport(ObjectiveC)
    import Foundation
    import ObjectiveC
    import RxLite

    /// What an intercepting implementation does around the original call, for one class and selector (its block,
    /// generated per register layout in GENERATED-InterceptingImplementations.swift, keeps it for good).
    ///
    /// The receiver is an `OpaquePointer`: the implementation must not retain it, since `dealloc` is intercepted too.
    final class InterceptionHooks {
        /// The implementation to call as the original, and the receiver to call it with.
        struct OriginalCall {
            /// The receiver to send the message to (the intercepted one, or a delegate proxy's forward delegate).
            let receiver: OpaquePointer
            /// Its implementation of the selector.
            let implementation: IMP
            /// Kept alive during the call (a forward delegate, which its proxy holds weakly); `nil` for the receiver
            /// itself.
            let keptAlive: AnyObject?
        }

        let selector: Selector
        /// Runs before the original, with the call's argument registers.
        let willSend: (OpaquePointer, ArgumentRegisters) -> Void
        /// Runs after the original.
        let didInvoke: (OpaquePointer, ArgumentRegisters) -> Void
        /// The original call for a receiver, or `nil` for none (a delegate method nobody implements).
        let originalCall: (OpaquePointer) -> OriginalCall?

        init(
            selector: Selector, willSend: @escaping (OpaquePointer, ArgumentRegisters) -> Void,
            didInvoke: @escaping (OpaquePointer, ArgumentRegisters) -> Void,
            originalCall: @escaping (OpaquePointer) -> OriginalCall?
        ) {
            self.selector = selector
            self.willSend = willSend
            self.didInvoke = didInvoke
            self.originalCall = originalCall
        }
    }

    /// What a delegate proxy's intercepting implementation calls: the proxy's hooks and its forward delegate, from
    /// whatever thread the delegate method is called on.
    protocol MessageInterceptingProxy: AnyObject {
        func _sentMessage(_ selector: Selector, withArguments arguments: [Any])
        func _methodInvoked(_ selector: Selector, withArguments arguments: [Any])
        var forwardObject: AnyObject? { get }
        /// The Objective-C name of the delegate protocol, whose method descriptions give the types of a delegate
        /// method nobody implements.
        var delegateProtocolName: String { get }
    }

    /// Message interception on the Objective-C runtime: `rx.sentMessage`, `rx.methodInvoked` and `rx.deallocating` of
    /// any object, and a delegate proxy's `sentMessage` and `methodInvoked`.
    ///
    /// An observed object is moved to a subclass made at run time for its class (`_RxLite_` and the class's name),
    /// which `-class` hides, and the selector's implementation is added to that subclass, once per class and
    /// selector: the subclass rather than the class itself, so that the app's other instances are never touched and
    /// the class's own implementation stays as it is. A delegate proxy is RxLite's own object: no subclass is made
    /// for it; the proxy class that defines the method has it replaced (once for that class and its subclasses), and a
    /// method no proxy class defines is added to the proxy's class, forwarding to the forward delegate.
    ///
    /// Every change to a class is made under one lock, which only the Objective-C runtime's calls run under (the
    /// runtime may call the class's `+resolveInstanceMethod:` while looking a method up); observers run outside it.
    enum MessageInterception {
        /// The subjects of every observed object.
        static let registry = MessageInterceptionRegistry()

        private struct Classes: @unchecked Sendable {
            var installed = InstalledInterceptions<ObjectIdentifier>()
            /// The run-time subclass made for each class.
            var subclasses: [ObjectIdentifier: AnyClass] = [:]
            /// The run-time subclasses, to know an object already moved.
            var madeSubclasses: Set<ObjectIdentifier> = []
        }

        // Unchecked above: the classes are immutable runtime objects, shared by every thread anyway.
        private static let classes = Locked(Classes())

        /// The registry's key for an object.
        static func key(_ object: AnyObject) -> UInt { UInt(bitPattern: ObjectIdentifier(object)) }

        /// The registry's key for an implementation's receiver.
        static func key(_ receiver: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: receiver)) }

        /// Runs `change` under the lock that serializes every change RxLite makes to classes.
        private static func changingClasses(
            _ change: (inout Classes) throws(RxCocoaObjCRuntimeError) -> Void
        ) throws(RxCocoaObjCRuntimeError) {
            // `withLock` rethrows untyped errors: the result carries the typed one out.
            let result = classes.withLock { classes in
                Result { () throws(RxCocoaObjCRuntimeError) in try change(&classes) }
            }
            try result.get()
        }

        // MARK: Objects

        /// Makes `object`'s calls of `selector` reach the registry: moves it to its class's run-time subclass, and
        /// installs the intercepting implementation there, unless done already.
        static func intercept(_ object: AnyObject, _ selector: Selector) throws(RxCocoaObjCRuntimeError) {
            let name = selector.description
            if let refusal = InterceptionRules.refusal(ofSelectorNamed: name, onDelegateProxy: false) {
                throw refusal.error(target: object)
            }
            guard let actualClass = object_getClass(object) else { throw .unknown(target: object) }
            try changingClasses { classes throws(RxCocoaObjCRuntimeError) in
                let subclass: AnyClass
                if let made = madeSubclass(from: actualClass, classes) {
                    // Moved already; perhaps key-value observing moved it on to a subclass of its own since, which
                    // inherits what is added to ours.
                    subclass = made
                } else {
                    // Check the method before changing the object's class, so that a failure leaves it as it was.
                    _ = try interceptableSignature(of: actualClass, selector, target: object)
                    try checkClassCanBeReplaced(of: object, actualClass)
                    subclass = try runtimeSubclass(of: actualClass, in: &classes, target: object)
                    guard object_setClass(object, subclass) === actualClass else {
                        throw .threadingCollisionWithOtherInterceptionMechanism(target: object)
                    }
                }
                guard classes.installed.installation(of: name, in: ObjectIdentifier(subclass)) == nil else { return }
                let (method, signature, layout) = try interceptableSignature(of: subclass, selector, target: object)
                guard let originalClass = class_getSuperclass(subclass) else { throw .unknown(target: object) }
                let hooks = InterceptionHooks(
                    selector: selector,
                    willSend: { receiver, registers in
                        registry.messageSent(to: key(receiver), name) {
                            signature.decodeArguments(registers).map(\.rxCocoaValue)
                        }
                    },
                    didInvoke: { receiver, registers in
                        registry.methodInvoked(on: key(receiver), name) {
                            signature.decodeArguments(registers).map(\.rxCocoaValue)
                        }
                    },
                    originalCall: { receiver in
                        // Looked up at each call: the original class's implementation may change after this.
                        class_getMethodImplementation(originalClass, selector).map {
                            InterceptionHooks.OriginalCall(receiver: receiver, implementation: $0, keptAlive: nil)
                        }
                    })
                guard let implementation = hooks.implementation(for: layout) else { throw .unknown(target: object) }
                guard class_addMethod(subclass, selector, implementation, method_getTypeEncoding(method)) else {
                    throw .replacingMethodWithForwardingImplementation(target: object)
                }
                classes.installed.record(name, in: ObjectIdentifier(subclass), as: .wrapping)
            }
        }

        /// `cls` or its nearest superclass that is one of the run-time subclasses made here.
        private static func madeSubclass(from cls: AnyClass, _ classes: Classes) -> AnyClass? {
            var candidate: AnyClass? = cls
            while let current = candidate {
                if classes.madeSubclasses.contains(ObjectIdentifier(current)) { return current }
                candidate = class_getSuperclass(current)
            }
            return nil
        }

        /// The subjects of `object` for `selector`, made on first use; the first for an object are completed and
        /// removed when it goes.
        static func subjects(of object: AnyObject, _ selector: Selector) -> MessageSubjects {
            let key = key(object)
            let (subjects, isNew) = registry.subjects(of: key, for: selector.description)
            if isNew { removeWhenDeallocated(object, key) }
            return subjects
        }

        /// `deallocating`'s subject of `object`.
        static func deallocatingSubject(of object: AnyObject) -> ReplaySubject<Void> {
            let key = key(object)
            let (subject, isNew) = registry.deallocatingSubject(of: key)
            if isNew { removeWhenDeallocated(object, key) }
            return subject
        }

        private static func removeWhenDeallocated(_ object: AnyObject, _ key: UInt) {
            // The signal's action runs while the object is deallocated, after `dealloc` was sent (so after
            // `deallocating`'s element) and before its memory, and so its address, can be reused.
            _ = DeallocationSignal.attached(to: object).whenReleased { registry.objectWentAway(key) }
        }

        /// The method, its signature and its register layout, if calls of `selector` to instances of `cls` can be
        /// intercepted.
        private static func interceptableSignature(of cls: AnyClass, _ selector: Selector, target: AnyObject)
            throws(RxCocoaObjCRuntimeError) -> (Method, ObjCMethodSignature, ArgumentRegisterLayout)
        {
            guard let method = class_getInstanceMethod(cls, selector) else {
                throw .selectorNotImplemented(target: target)
            }
            guard let encoding = method_getTypeEncoding(method), let convention = ObjCCallingConvention.current else {
                throw .unknown(target: target)
            }
            do {
                let signature = try ObjCMethodSignature(typeEncoding: String(cString: encoding))
                return (method, signature, try ArgumentRegisterLayout(signature, convention: convention))
            } catch {
                throw runtimeError(error, target: target)
            }
        }

        /// RxCocoa's error for a signature RxLite cannot intercept: a return value is RxCocoa's unsupported return
        /// type; arguments it cannot read are a forwarding implementation it cannot make.
        static func runtimeError(_ error: ObjCSignatureError, target: AnyObject) -> RxCocoaObjCRuntimeError {
            switch error {
            case .unsupportedReturnType: .observingMessagesWithUnsupportedReturnType(target: target)
            case .unsupportedArgumentType, .tooManyArguments, .argumentsPassedInMemory:
                .replacingMethodWithForwardingImplementation(target: target)
            case .malformed: .unknown(target: target)
            }
        }

        /// Fails when another mechanism already replaced `object`'s class (key-value observing does: its `-class`
        /// then differs from its real class), or when the object is a toll-free bridged or tagged one, whose class
        /// cannot be replaced.
        private static func checkClassCanBeReplaced(of object: AnyObject, _ actualClass: AnyClass)
            throws(RxCocoaObjCRuntimeError)
        {
            let className = String(cString: class_getName(actualClass))
            let reportsItsRealClass = reportedClass(of: object, actualClass).map { $0 === actualClass } ?? true
            if let refusal = InterceptionRules.refusal(
                ofObjectOfClassNamed: className, reportsItsRealClass: reportsItsRealClass)
            {
                throw refusal.error(target: object)
            }
        }

        /// What `object`'s `-class` answers (which Swift does not expose).
        private static func reportedClass(of object: AnyObject, _ actualClass: AnyClass) -> AnyClass? {
            guard let implementation = class_getMethodImplementation(actualClass, classSelector) else { return nil }
            typealias ClassMethod = @convention(c) (AnyObject, Selector) -> AnyClass
            return unsafeBitCast(implementation, to: ClassMethod.self)(object, classSelector)
        }

        private static var classSelector: Selector { selector(named: "class") }

        /// The selector named `name`, for a method Swift does not declare (`class`, `dealloc`).
        static func selector(named name: String) -> Selector {
            name.withCString { sel_registerName($0) }
        }

        /// The run-time subclass of `cls`, made and registered on first use; its `-class` answers `cls`.
        private static func runtimeSubclass(of cls: AnyClass, in classes: inout Classes, target: AnyObject)
            throws(RxCocoaObjCRuntimeError) -> AnyClass
        {
            if let existing = classes.subclasses[ObjectIdentifier(cls)] { return existing }
            let name = "_RxLite_" + String(cString: class_getName(cls))
            // Another copy of RxLite in the process may have made it: it hides the same class the same way.
            let subclass: AnyClass
            if let registered = name.withCString({ objc_lookUpClass($0) }) {
                subclass = registered
            } else {
                guard let made = name.withCString({ objc_allocateClassPair(cls, $0, 0) }) else {
                    throw .unknown(target: target)
                }
                let reportsOriginalClass: @convention(block) (OpaquePointer) -> AnyClass = { _ in cls }
                let implementation = imp_implementationWithBlock(reportsOriginalClass)
                // `- (Class)class`: returns a class, takes the receiver and the selector.
                guard "#16@0:8".withCString({ class_addMethod(made, classSelector, implementation, $0) }) else {
                    throw .unknown(target: target)
                }
                objc_registerClassPair(made)
                subclass = made
            }
            classes.subclasses[ObjectIdentifier(cls)] = subclass
            classes.madeSubclasses.insert(ObjectIdentifier(subclass))
            return subclass
        }

        // MARK: Delegate proxies

        /// Installs the intercepting implementation of `selector` in `proxy`'s class, unless done already: it sends
        /// each call to the proxy's `_sentMessage(_:withArguments:)`, runs the method (the proxy's own, or its forward
        /// delegate's when the proxy has none), then sends it to `_methodInvoked(_:withArguments:)`.
        static func interceptProxy(_ proxy: AnyObject & MessageInterceptingProxy, _ selector: Selector)
            throws(RxCocoaObjCRuntimeError)
        {
            let name = selector.description
            if let refusal = InterceptionRules.refusal(ofSelectorNamed: name, onDelegateProxy: true) {
                throw refusal.error(target: proxy)
            }
            guard let instanceClass = object_getClass(proxy) else { throw .unknown(target: proxy) }
            try changingClasses { classes throws(RxCocoaObjCRuntimeError) in
                // The method goes where it is defined, so that a proxy class and its subclasses share one
                // interception (one in each would run the hooks twice for a subclass's instance); a method nobody
                // defines goes into the instance's class.
                let own = class_getInstanceMethod(instanceClass, selector)
                let proxyClass: AnyClass = definingClass(of: selector, from: instanceClass) ?? instanceClass
                guard classes.installed.installation(of: name, in: ObjectIdentifier(proxyClass)) == nil else { return }
                // Without a method of the proxy's, the forward delegate's says what the arguments are, or else the
                // delegate protocol's description of it, as RxCocoa reads it.
                let forwardClass: AnyClass? = proxy.forwardObject.flatMap { object_getClass($0) }
                let method = own ?? forwardClass.flatMap { class_getInstanceMethod($0, selector) }
                guard
                    let encoding = method.flatMap({ method_getTypeEncoding($0) }).map({ String(cString: $0) })
                        ?? protocolTypeEncoding(proxy.delegateProtocolName, selector)
                else { throw .selectorNotImplemented(target: proxy) }
                let signature: ObjCMethodSignature
                let layout: ArgumentRegisterLayout
                do throws(ObjCSignatureError) {
                    guard let convention = ObjCCallingConvention.current else { throw .malformed(encoding) }
                    signature = try ObjCMethodSignature(typeEncoding: encoding)
                    layout = try ArgumentRegisterLayout(signature, convention: convention)
                } catch {
                    throw runtimeError(error, target: proxy)
                }
                let plan = InterceptionRules.proxyInstallation(classHasMethod: own != nil)
                let original: (OpaquePointer) -> InterceptionHooks.OriginalCall?
                switch plan {
                case .replacingOwnMethod:
                    // Call the implementation the proxy class's own method had.
                    guard let own else { throw .unknown(target: proxy) }
                    let implementation = method_getImplementation(own)
                    original = { .init(receiver: $0, implementation: implementation, keptAlive: nil) }
                case .forwardingToDelegate:
                    // Hand the call on to the forward delegate, if it has the method.
                    original = { receiver in
                        guard let forward = proxyObject(receiver)?.forwardObject as? NSObject,
                            forward.responds(to: selector),
                            let implementation = class_getMethodImplementation(object_getClass(forward), selector)
                        else { return nil }
                        let pointer = OpaquePointer(Unmanaged.passUnretained(forward).toOpaque())
                        return .init(receiver: pointer, implementation: implementation, keptAlive: forward)
                    }
                }
                let hooks = InterceptionHooks(
                    selector: selector,
                    willSend: { receiver, registers in
                        proxyObject(receiver)?._sentMessage(
                            selector, withArguments: signature.decodeArguments(registers).map(\.rxCocoaValue))
                    },
                    didInvoke: { receiver, registers in
                        proxyObject(receiver)?._methodInvoked(
                            selector, withArguments: signature.decodeArguments(registers).map(\.rxCocoaValue))
                    },
                    originalCall: original)
                guard let implementation = hooks.implementation(for: layout) else { throw .unknown(target: proxy) }
                let installed = encoding.withCString { types in
                    plan == .replacingOwnMethod
                        ? class_replaceMethod(proxyClass, selector, implementation, types) != nil
                        : class_addMethod(proxyClass, selector, implementation, types)
                }
                guard installed else { throw .replacingMethodWithForwardingImplementation(target: proxy) }
                classes.installed.record(
                    name, in: ObjectIdentifier(proxyClass), as: plan == .forwardingToDelegate ? .forwarding : .wrapping)
            }
        }

        /// The type encoding of the instance method `selector` of the protocol named `name` (or of one it
        /// incorporates), optional or required; `nil` if there is no such protocol or method.
        private static func protocolTypeEncoding(_ name: String, _ selector: Selector) -> String? {
            guard let delegateProtocol = name.withCString({ objc_getProtocol($0) }) else { return nil }
            for isRequired in [false, true] {
                let description = protocol_getMethodDescription(delegateProtocol, selector, isRequired, true)
                guard var character = description.types else { continue }
                // The runtime's C string, byte by byte (ASCII): handing the mutable pointer to `String(cString:)` does not
                // type-check against the Linux stub, which CI compiles this with.
                var encoding = ""
                while character.pointee != 0 {
                    encoding.append(Character(Unicode.Scalar(UInt8(bitPattern: character.pointee))))
                    character += 1
                }
                return encoding
            }
            return nil
        }

        /// Whether `cls` got `selector` from an interception that forwards to the delegate (the proxy had no method
        /// for it): a proxy then answers for it only while it is observed or its forward delegate implements it.
        static func isForwardingInterception(_ selector: Selector, in cls: AnyClass) -> Bool {
            guard let owner = definingClass(of: selector, from: cls) else { return false }
            return classes.withLock {
                $0.installed.installation(of: selector.description, in: ObjectIdentifier(owner)) == .forwarding
            }
        }

        /// The class, `cls` or one of its superclasses, whose own method instances of `cls` run for `selector`.
        private static func definingClass(of selector: Selector, from cls: AnyClass) -> AnyClass? {
            guard let method = class_getInstanceMethod(cls, selector) else { return nil }
            var owner: AnyClass = cls
            while let superclass = class_getSuperclass(owner), class_getInstanceMethod(superclass, selector) == method {
                owner = superclass
            }
            return owner
        }

        /// The proxy an implementation's receiver is; the proxy is alive for the duration of the call.
        private static func proxyObject(_ receiver: OpaquePointer) -> MessageInterceptingProxy? {
            Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(receiver)).takeUnretainedValue()
                as? MessageInterceptingProxy
        }
    }
#endif
