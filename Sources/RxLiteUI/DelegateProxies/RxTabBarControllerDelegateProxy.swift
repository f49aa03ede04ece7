#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UITabBarController: HasDelegate {
        /// A tab bar controller's delegate type.
        public typealias Delegate = UITabBarControllerDelegate
    }

    /// The delegate proxy of a tab bar controller (see ``DelegateProxyType``): `rx.didSelect` and the customizing
    /// events come from here, and every call reaches the delegate the app set as well (`shouldSelect` and the
    /// transition animators included, which the proxy forwards untouched).
    @preconcurrency @MainActor
    open class RxTabBarControllerDelegateProxy: DelegateProxy<UITabBarController, UITabBarControllerDelegate>,
        DelegateProxyType, UITabBarControllerDelegate
    {
        /// The tab bar controller whose delegate slot the proxy occupies (RxCocoa's name for it).
        public private(set) weak var tabBar: UITabBarController?

        let didSelectCalls = PublishSubject<UIViewController>()
        let willBeginCustomizingCalls = PublishSubject<[UIViewController]>()
        let willEndCustomizingCalls = PublishSubject<(viewControllers: [UIViewController], changed: Bool)>()
        let didEndCustomizingCalls = PublishSubject<(viewControllers: [UIViewController], changed: Bool)>()

        /// A proxy for `tabBar`, a tab bar controller.
        public init(tabBar: ParentObject) {
            self.tabBar = tabBar
            super.init(parentObject: tabBar, delegateProxy: RxTabBarControllerDelegateProxy.self)
        }

        /// Registers the proxy of tab bar controllers.
        public static func registerKnownImplementations() {
            register { RxTabBarControllerDelegateProxy(tabBar: $0) }
        }

        /// Tells `rx.didSelect`, then the forward delegate.
        public func tabBarController(
            _ tabBarController: UITabBarController, didSelect viewController: UIViewController
        ) {
            didSelectCalls.onNext(viewController)
            (forwardToDelegate()?.tabBarController(_:didSelect:))?(tabBarController, viewController)
        }

        /// Tells `rx.willBeginCustomizing`, then the forward delegate.
        public func tabBarController(
            _ tabBarController: UITabBarController, willBeginCustomizing viewControllers: [UIViewController]
        ) {
            willBeginCustomizingCalls.onNext(viewControllers)
            (forwardToDelegate()?.tabBarController(_:willBeginCustomizing:))?(tabBarController, viewControllers)
        }

        /// Tells `rx.willEndCustomizing`, then the forward delegate.
        public func tabBarController(
            _ tabBarController: UITabBarController, willEndCustomizing viewControllers: [UIViewController],
            changed: Bool
        ) {
            willEndCustomizingCalls.onNext((viewControllers, changed))
            (forwardToDelegate()?.tabBarController(_:willEndCustomizing:changed:))?(
                tabBarController, viewControllers, changed)
        }

        /// Tells `rx.didEndCustomizing`, then the forward delegate.
        public func tabBarController(
            _ tabBarController: UITabBarController, didEndCustomizing viewControllers: [UIViewController],
            changed: Bool
        ) {
            didEndCustomizingCalls.onNext((viewControllers, changed))
            (forwardToDelegate()?.tabBarController(_:didEndCustomizing:changed:))?(
                tabBarController, viewControllers, changed)
        }
    }
#endif
