#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UITabBarController {
        /// The tab bar controller's delegate proxy (see ``DelegateProxyType``), installed on first use.
        @preconcurrency @MainActor
        public var delegate: DelegateProxy<UITabBarController, UITabBarControllerDelegate> {
            RxTabBarControllerDelegateProxy.proxy(for: base)
        }

        /// Each view controller the user selects (`tabBarController(_:didSelect:)`), through the delegate proxy: the
        /// app's own delegate still receives every call. Completes when the tab bar controller goes away.
        @preconcurrency @MainActor
        public var didSelect: ControlEvent<UIViewController> { proxyEvent(\.didSelectCalls) }

        /// The view controllers, each time the customizing sheet is about to open
        /// (`tabBarController(_:willBeginCustomizing:)`).
        @preconcurrency @MainActor
        public var willBeginCustomizing: ControlEvent<[UIViewController]> {
            proxyEvent(\.willBeginCustomizingCalls)
        }

        /// The view controllers and whether they changed, each time the customizing sheet is about to close
        /// (`tabBarController(_:willEndCustomizing:changed:)`).
        @preconcurrency @MainActor
        public var willEndCustomizing: ControlEvent<(viewControllers: [UIViewController], changed: Bool)> {
            proxyEvent(\.willEndCustomizingCalls)
        }

        /// The view controllers and whether they changed, each time the customizing sheet has closed
        /// (`tabBarController(_:didEndCustomizing:changed:)`).
        @preconcurrency @MainActor
        public var didEndCustomizing: ControlEvent<(viewControllers: [UIViewController], changed: Bool)> {
            proxyEvent(\.didEndCustomizingCalls)
        }

        @preconcurrency @MainActor
        private func proxyEvent<Element: Sendable>(
            _ calls: KeyPath<RxTabBarControllerDelegateProxy, PublishSubject<Element>>
        ) -> ControlEvent<Element> {
            let proxy = RxTabBarControllerDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy[keyPath: calls]))
        }
    }
#endif
