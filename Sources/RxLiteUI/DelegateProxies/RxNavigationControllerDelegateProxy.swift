#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UINavigationController: HasDelegate {
        /// A navigation controller's delegate type.
        public typealias Delegate = UINavigationControllerDelegate
    }

    /// The delegate proxy of a navigation controller (see ``DelegateProxyType``): `rx.willShow` and `rx.didShow` come
    /// from here, and every call reaches the delegate the app set as well (its transition animators included, which
    /// the proxy forwards untouched).
    @preconcurrency @MainActor
    open class RxNavigationControllerDelegateProxy: DelegateProxy<
        UINavigationController, UINavigationControllerDelegate
    >, DelegateProxyType, UINavigationControllerDelegate
    {
        /// The navigation controller whose delegate slot the proxy occupies.
        public private(set) weak var navigationController: UINavigationController?

        let willShowCalls = PublishSubject<(viewController: UIViewController, animated: Bool)>()
        let didShowCalls = PublishSubject<(viewController: UIViewController, animated: Bool)>()

        /// A proxy for `navigationController`.
        public init(navigationController: ParentObject) {
            self.navigationController = navigationController
            super.init(parentObject: navigationController, delegateProxy: RxNavigationControllerDelegateProxy.self)
        }

        /// Registers the proxy of navigation controllers.
        public static func registerKnownImplementations() {
            register { RxNavigationControllerDelegateProxy(navigationController: $0) }
        }

        /// Tells `rx.willShow`, then the forward delegate.
        public func navigationController(
            _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
        ) {
            willShowCalls.onNext((viewController, animated))
            (forwardToDelegate()?.navigationController(_:willShow:animated:))?(
                navigationController, viewController, animated)
        }

        /// Tells `rx.didShow`, then the forward delegate.
        public func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            didShowCalls.onNext((viewController, animated))
            (forwardToDelegate()?.navigationController(_:didShow:animated:))?(
                navigationController, viewController, animated)
        }
    }
#endif
