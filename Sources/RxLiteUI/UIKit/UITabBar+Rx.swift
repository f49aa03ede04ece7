#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UITabBar {
        /// The tab bar's delegate proxy (see ``DelegateProxyType``), installed on first use.
        @preconcurrency @MainActor
        public var delegate: DelegateProxy<UITabBar, UITabBarDelegate> {
            RxTabBarDelegateProxy.proxy(for: base)
        }

        /// Each item the user selects (`tabBar(_:didSelect:)`), through the tab bar's delegate proxy: the app's own
        /// delegate still receives every call. Completes when the tab bar goes away.
        @preconcurrency @MainActor
        public var didSelectItem: ControlEvent<UITabBarItem> { proxyEvent(\.didSelectCalls) }

        /// The items, each time the customizing sheet is about to open (`tabBar(_:willBeginCustomizing:)`).
        @preconcurrency @MainActor
        public var willBeginCustomizing: ControlEvent<[UITabBarItem]> { proxyEvent(\.willBeginCustomizingCalls) }

        /// The items, each time the customizing sheet has opened (`tabBar(_:didBeginCustomizing:)`).
        @preconcurrency @MainActor
        public var didBeginCustomizing: ControlEvent<[UITabBarItem]> { proxyEvent(\.didBeginCustomizingCalls) }

        /// The items and whether they changed, each time the customizing sheet is about to close
        /// (`tabBar(_:willEndCustomizing:changed:)`).
        @preconcurrency @MainActor
        public var willEndCustomizing: ControlEvent<([UITabBarItem], Bool)> {
            proxyEvent(\.willEndCustomizingCalls)
        }

        /// The items and whether they changed, each time the customizing sheet has closed
        /// (`tabBar(_:didEndCustomizing:changed:)`).
        @preconcurrency @MainActor
        public var didEndCustomizing: ControlEvent<([UITabBarItem], Bool)> { proxyEvent(\.didEndCustomizingCalls) }

        @preconcurrency @MainActor
        private func proxyEvent<Element: Sendable>(
            _ calls: KeyPath<RxTabBarDelegateProxy, PublishSubject<Element>>
        ) -> ControlEvent<Element> {
            let proxy = RxTabBarDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy[keyPath: calls]))
        }
    }
#endif
