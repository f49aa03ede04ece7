import Foundation
import RxLite

/// A delegate proxy: an object that sits in a parent object's `delegate` (or `dataSource`) slot, turns the calls it
/// implements into sequences, and hands every call on to the delegate the app set (its *forward delegate*), so the
/// app's delegate keeps working beside Rx.
///
/// A proxy class subclasses ``DelegateProxy``, conforms to this protocol and to the delegate protocol, and registers
/// one factory per parent class:
///
/// ```swift
/// final class RxMapViewDelegateProxy: DelegateProxy<MKMapView, MKMapViewDelegate>, DelegateProxyType,
///     MKMapViewDelegate
/// {
///     init(mapView: MKMapView) { super.init(parentObject: mapView, delegateProxy: RxMapViewDelegateProxy.self) }
///     static func registerKnownImplementations() { register { RxMapViewDelegateProxy(mapView: $0) } }
/// }
/// extension MKMapView: HasDelegate { public typealias Delegate = MKMapViewDelegate }
/// ```
///
/// ``proxy(for:)`` installs the proxy (once per parent object) and moves the delegate that was there into the proxy;
/// when the last subscription to the proxy's sequences ends, the parent's slot gets that delegate back. The protocol is
/// main-actor isolated, as the UIKit objects that have delegates are.
@preconcurrency @MainActor
public protocol DelegateProxyType: AnyObject {
    /// The type of the object whose delegate slot the proxy occupies.
    associatedtype ParentObject: AnyObject
    /// The delegate type (usually a protocol).
    associatedtype Delegate

    /// Registers the proxy classes for the known parent classes, with ``register(make:)``. Called once per proxy
    /// type, before its first ``createProxy(for:)``.
    static func registerKnownImplementations()

    /// The key under which a parent object holds its proxy: one per delegate type, shared by a proxy class and its
    /// subclasses (a table's delegate proxy is a scroll view's). The default is the delegate type's own address.
    static var identifier: UnsafeRawPointer { get }

    /// The delegate `object` has now (the proxy itself, once installed).
    static func currentDelegate(for object: ParentObject) -> Delegate?

    /// Puts `delegate` in `object`'s delegate slot.
    static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject)

    /// The delegate the proxy hands calls on to.
    func forwardToDelegate() -> Delegate?

    /// Sets the delegate the proxy hands calls on to; `retainDelegate` says whether the proxy keeps it alive.
    func setForwardToDelegate(_ forwardToDelegate: Delegate?, retainDelegate: Bool)
}

extension DelegateProxyType {
    /// The address of the delegate type's metadata: unique per delegate type, and never read.
    public static var identifier: UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: Int(bitPattern: DelegateProxyRegistry.associationKey(for: Delegate.self)))!
    }

    /// Registers `make` as the way to create this proxy for parent objects of class `Parent` (and its subclasses
    /// that have no registration of their own). Call it from ``registerKnownImplementations()``.
    public static func register<Parent>(make: @escaping (Parent) -> Self) {
        DelegateProxyRegistry.factory(for: self).register(for: Parent.self) { object in
            guard let parent = object as? Parent else { castFailure(object, to: Parent.self) }
            return make(parent)
        }
    }

    /// A new proxy for `object`, made by the factory registered for the nearest class of `object` that has one. Call
    /// ``proxy(for:)`` instead: it reuses the installed proxy.
    public static func createProxy(for object: AnyObject) -> Self {
        let proxy = DelegateProxyRegistry.factory(for: self).makeProxy(for: object, proxyType: self)
        guard let typed = proxy as? Self else { castFailure(proxy, to: Self.self) }
        return typed
    }

    /// The proxy installed on `object`, installing one first if there is none; if the app put another delegate in
    /// the slot since, that delegate becomes the proxy's forward delegate and the proxy takes the slot back.
    ///
    /// ```swift
    /// extension Reactive where Base: UISearchBar {
    ///     public var delegate: DelegateProxy<UISearchBar, UISearchBarDelegate> {
    ///         RxSearchBarDelegateProxy.proxy(for: base)
    ///     }
    /// }
    /// ```
    public static func proxy(for object: ParentObject) -> Self {
        let key = DelegateProxyRegistry.associationKey(for: Delegate.self)
        let proxy: Self
        if let installed = DelegateProxyRegistry.assignedProxy(for: object, key: key) {
            guard let typed = installed as? Self else { castFailure(installed, to: Self.self) }
            proxy = typed
        } else {
            proxy = createProxy(for: object)
            DelegateProxyRegistry.assign(proxy, to: object, key: key)
        }
        let current = currentDelegate(for: object).map { $0 as AnyObject }
        if current !== proxy {
            proxy.setForwardToDelegate(currentDelegate(for: object), retainDelegate: false)
            setCurrentDelegate(castDelegate(proxy), to: object)
        }
        return proxy
    }

    /// Makes `forwardDelegate` the forward delegate of `object`'s proxy (installing the proxy), until the result is
    /// disposed. `retainDelegate` keeps `forwardDelegate` alive meanwhile. RxCocoa's `rx.setDelegate(_:)` is this.
    ///
    /// A delegate that was already the forward delegate is replaced (RxCocoa asserts instead); disposing puts
    /// none back, and when nothing else observes the proxy the parent's slot is left empty.
    public static func installForwardDelegate(
        _ forwardDelegate: Delegate, retainDelegate: Bool, onProxyForObject object: ParentObject
    ) -> any Disposable {
        let proxy = proxy(for: object)
        weak let installed = forwardDelegate as AnyObject
        proxy.setForwardToDelegate(forwardDelegate, retainDelegate: retainDelegate)
        let counted = proxy as? any DelegateProxyObservationCounting
        counted?.beginObservation()
        return Disposables.create {
            onMainActor {
                // Only the delegate this call installed is removed: another may have been installed since.
                let current = counted?.forwardObject ?? proxy.forwardToDelegate().map { $0 as AnyObject }
                if let current, current === installed {
                    proxy.setForwardToDelegate(nil, retainDelegate: false)
                }
                counted?.endObservation()
            }
        }
    }

    /// `delegate` as this proxy's delegate type.
    static func castDelegate(_ object: AnyObject) -> Delegate {
        guard let delegate = object as? Delegate else { castFailure(object, to: Delegate.self) }
        return delegate
    }
}

/// An object with a delegate slot; gives ``DelegateProxyType/currentDelegate(for:)`` and
/// ``DelegateProxyType/setCurrentDelegate(_:to:)`` to the proxies of its delegate.
@preconcurrency @MainActor
public protocol HasDelegate: AnyObject {
    /// The delegate type.
    associatedtype Delegate
    /// The object's delegate.
    var delegate: Delegate? { get set }
}

extension DelegateProxyType where ParentObject: HasDelegate, Delegate == ParentObject.Delegate {
    /// `object.delegate`.
    public static func currentDelegate(for object: ParentObject) -> Delegate? { object.delegate }

    /// Sets `object.delegate`.
    public static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject) { object.delegate = delegate }
}

/// An object with a data source slot; gives the `currentDelegate`/`setCurrentDelegate` requirements to the proxies of
/// its data source.
@preconcurrency @MainActor
public protocol HasDataSource: AnyObject {
    /// The data source type.
    associatedtype DataSource
    /// The object's data source.
    var dataSource: DataSource? { get set }
}

extension DelegateProxyType where ParentObject: HasDataSource, Delegate == ParentObject.DataSource {
    /// `object.dataSource`.
    public static func currentDelegate(for object: ParentObject) -> Delegate? { object.dataSource }

    /// Sets `object.dataSource`.
    public static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject) {
        object.dataSource = delegate
    }
}

/// An object with a prefetching data source slot; gives the `currentDelegate`/`setCurrentDelegate` requirements to
/// the proxies of its prefetching data source.
@preconcurrency @MainActor
public protocol HasPrefetchDataSource: AnyObject {
    /// The prefetching data source type.
    associatedtype PrefetchDataSource
    /// The object's prefetching data source.
    var prefetchDataSource: PrefetchDataSource? { get set }
}

extension DelegateProxyType where ParentObject: HasPrefetchDataSource, Delegate == ParentObject.PrefetchDataSource {
    /// `object.prefetchDataSource`.
    public static func currentDelegate(for object: ParentObject) -> Delegate? { object.prefetchDataSource }

    /// Sets `object.prefetchDataSource`.
    public static func setCurrentDelegate(_ delegate: Delegate?, to object: ParentObject) {
        object.prefetchDataSource = delegate
    }
}

/// A programming error: a registration or a slot holds an object of the wrong type.
func castFailure(_ object: Any, to type: Any.Type) -> Never {
    fatalError("\(RxCocoaError.castingError(object: object, targetType: type).debugDescription)")
}

/// Runs `body` on the main actor: at once when called there, otherwise on the main queue.
func onMainActor(_ body: @escaping @MainActor @Sendable () -> Void) {
    if MainScheduler.isOnMainQueue {
        MainActor.assumeIsolated(body)
    } else {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
    }
}
