#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UITabBar: HasDelegate {
        /// A tab bar's delegate type.
        public typealias Delegate = UITabBarDelegate
    }

    /// The delegate proxy of a tab bar (see ``DelegateProxyType``): `rx.didSelectItem` and the customizing events
    /// come from here, and every call reaches the delegate the app set as well. (A tab bar controller's own tab bar
    /// belongs to the controller, which UIKit does not let anyone replace as its delegate: observe the controller.)
    @preconcurrency @MainActor
    open class RxTabBarDelegateProxy: DelegateProxy<UITabBar, UITabBarDelegate>, DelegateProxyType, UITabBarDelegate {
        /// The tab bar whose delegate slot the proxy occupies.
        public private(set) weak var tabBar: UITabBar?

        let didSelectCalls = PublishSubject<UITabBarItem>()
        let willBeginCustomizingCalls = PublishSubject<[UITabBarItem]>()
        let didBeginCustomizingCalls = PublishSubject<[UITabBarItem]>()
        let willEndCustomizingCalls = PublishSubject<([UITabBarItem], Bool)>()
        let didEndCustomizingCalls = PublishSubject<([UITabBarItem], Bool)>()

        /// A proxy for `tabBar`.
        public init(tabBar: ParentObject) {
            self.tabBar = tabBar
            super.init(parentObject: tabBar, delegateProxy: RxTabBarDelegateProxy.self)
        }

        /// Registers the proxy of tab bars.
        public static func registerKnownImplementations() {
            register { RxTabBarDelegateProxy(tabBar: $0) }
        }

        /// Tells `rx.didSelectItem`, then the forward delegate.
        public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
            didSelectCalls.onNext(item)
            (forwardToDelegate()?.tabBar(_:didSelect:))?(tabBar, item)
        }

        /// Tells `rx.willBeginCustomizing`, then the forward delegate.
        public func tabBar(_ tabBar: UITabBar, willBeginCustomizing items: [UITabBarItem]) {
            willBeginCustomizingCalls.onNext(items)
            (forwardToDelegate()?.tabBar(_:willBeginCustomizing:))?(tabBar, items)
        }

        /// Tells `rx.didBeginCustomizing`, then the forward delegate.
        public func tabBar(_ tabBar: UITabBar, didBeginCustomizing items: [UITabBarItem]) {
            didBeginCustomizingCalls.onNext(items)
            (forwardToDelegate()?.tabBar(_:didBeginCustomizing:))?(tabBar, items)
        }

        /// Tells `rx.willEndCustomizing`, then the forward delegate.
        public func tabBar(_ tabBar: UITabBar, willEndCustomizing items: [UITabBarItem], changed: Bool) {
            willEndCustomizingCalls.onNext((items, changed))
            (forwardToDelegate()?.tabBar(_:willEndCustomizing:changed:))?(tabBar, items, changed)
        }

        /// Tells `rx.didEndCustomizing`, then the forward delegate.
        public func tabBar(_ tabBar: UITabBar, didEndCustomizing items: [UITabBarItem], changed: Bool) {
            didEndCustomizingCalls.onNext((items, changed))
            (forwardToDelegate()?.tabBar(_:didEndCustomizing:changed:))?(tabBar, items, changed)
        }
    }
#endif
