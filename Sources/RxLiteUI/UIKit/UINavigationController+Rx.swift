#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UINavigationController {
        /// What `willShow` and `didShow` report: the view controller shown, and whether the change is animated.
        public typealias ShowEvent = (viewController: UIViewController, animated: Bool)

        /// The navigation controller's delegate proxy (see ``DelegateProxyType``), installed on first use.
        @preconcurrency @MainActor
        public var delegate: DelegateProxy<UINavigationController, UINavigationControllerDelegate> {
            RxNavigationControllerDelegateProxy.proxy(for: base)
        }

        /// Each `navigationController(_:willShow:animated:)`, through the delegate proxy: the app's own delegate
        /// still receives every call. Completes when the navigation controller goes away.
        @preconcurrency @MainActor
        public var willShow: ControlEvent<ShowEvent> {
            let proxy = RxNavigationControllerDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.willShowCalls))
        }

        /// Each `navigationController(_:didShow:animated:)`, through the delegate proxy.
        @preconcurrency @MainActor
        public var didShow: ControlEvent<ShowEvent> {
            let proxy = RxNavigationControllerDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.didShowCalls))
        }
    }
#endif
