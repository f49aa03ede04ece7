import Foundation

#if canImport(ObjectiveC)
    import ObjectiveC
#endif

/// Where proxies come from and where they live: one factory per proxy type (the registrations of its
/// `registerKnownImplementations()`), and one installed proxy per parent object and delegate type.
///
/// On Apple platforms a proxy is an associated object of its parent, so it lives exactly as long as the parent. Elsewhere
/// (no Objective-C runtime) a table holds it with a weak reference to the parent and drops it once the parent is gone.
@MainActor
enum DelegateProxyRegistry {
    private static var factories: [ObjectIdentifier: DelegateProxyFactory] = [:]

    /// The factory of the proxies for `proxyType`'s delegate type, filled by `proxyType.registerKnownImplementations()`
    /// on first use: a proxy class and its subclasses (a table's delegate proxy is a scroll view's) share one.
    static func factory<Proxy: DelegateProxyType>(for proxyType: Proxy.Type) -> DelegateProxyFactory {
        let key = associationKey(for: Proxy.Delegate.self)
        if let factory = factories[key] { return factory }
        let factory = DelegateProxyFactory()
        factories[key] = factory
        proxyType.registerKnownImplementations()
        return factory
    }

    /// The key under which a parent holds its proxy for delegates of type `delegateType`: a proxy type and its
    /// subclasses (a table's delegate proxy is a scroll view's) share one slot.
    static func associationKey(for delegateType: Any.Type) -> ObjectIdentifier { ObjectIdentifier(delegateType) }

    #if canImport(ObjectiveC)
        // One stable address per delegate type, for objc_setAssociatedObject; never freed, as there are few.
        private static var addresses: [ObjectIdentifier: UnsafeRawPointer] = [:]

        private static func address(for key: ObjectIdentifier) -> UnsafeRawPointer {
            if let address = addresses[key] { return address }
            let address = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))
            addresses[key] = address
            return address
        }

        static func assignedProxy(for object: AnyObject, key: ObjectIdentifier) -> AnyObject? {
            objc_getAssociatedObject(object, address(for: key)).map { $0 as AnyObject }
        }

        static func assign(_ proxy: AnyObject, to object: AnyObject, key: ObjectIdentifier) {
            objc_setAssociatedObject(object, address(for: key), proxy, .OBJC_ASSOCIATION_RETAIN)
        }
    #else
        private struct Installed {
            weak var parent: AnyObject?
            let proxy: AnyObject
        }

        private struct Slot: Hashable {
            let parent: ObjectIdentifier
            let key: ObjectIdentifier
        }

        private static var installed: [Slot: Installed] = [:]

        static func assignedProxy(for object: AnyObject, key: ObjectIdentifier) -> AnyObject? {
            let slot = Slot(parent: ObjectIdentifier(object), key: key)
            guard let entry = installed[slot] else { return nil }
            // A dead parent's address can be reused by a new object: its proxy is not the new object's.
            guard entry.parent === object else {
                installed[slot] = nil
                return nil
            }
            return entry.proxy
        }

        static func assign(_ proxy: AnyObject, to object: AnyObject, key: ObjectIdentifier) {
            dropProxiesOfReleasedParents()
            installed[Slot(parent: ObjectIdentifier(object), key: key)] = Installed(parent: object, proxy: proxy)
        }

        /// Releases the proxies whose parents are gone, which ends their sequences. Installing a proxy does it first.
        static func dropProxiesOfReleasedParents() {
            installed = installed.filter { $0.value.parent != nil }
        }

        /// How many proxies the table holds.
        static var installedCount: Int { installed.count }
    #endif
}

/// The registrations of one proxy type: a way to make the proxy for each parent class it knows.
@MainActor
final class DelegateProxyFactory {
    private var makers: [ObjectIdentifier: (AnyObject) -> AnyObject] = [:]

    func register(for parentType: Any.Type, _ make: @escaping (AnyObject) -> AnyObject) {
        makers[ObjectIdentifier(parentType)] = make
    }

    /// A proxy made by the registration for the nearest class of `object` (its own, else a superclass's).
    func makeProxy(for object: AnyObject, proxyType: Any.Type) -> AnyObject {
        var candidate: AnyClass? = type(of: object)
        while let someClass = candidate {
            if let make = makers[ObjectIdentifier(someClass)] { return make(object) }
            candidate = Self.superclass(of: someClass)
        }
        fatalError(
            "\(proxyType) has no registration for \(type(of: object)) or a superclass of it: call register(make:) "
                + "for it in \(proxyType).registerKnownImplementations()")
    }

    private static func superclass(of someClass: AnyClass) -> AnyClass? {
        #if canImport(ObjectiveC)
            class_getSuperclass(someClass)
        #else
            _getSuperclass(someClass)
        #endif
    }
}
