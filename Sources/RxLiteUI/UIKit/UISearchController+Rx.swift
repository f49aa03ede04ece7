#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UISearchController {
        /// The search controller's delegate proxy (see ``DelegateProxyType``), installed on first use.
        @preconcurrency @MainActor
        public var delegate: DelegateProxy<UISearchController, UISearchControllerDelegate> {
            RxSearchControllerDelegateProxy.proxy(for: base)
        }

        /// Each `didDismissSearchController(_:)`, through the search controller's delegate proxy: the app's own
        /// delegate still receives every call. Completes when the search controller goes away.
        @preconcurrency @MainActor
        public var didDismiss: Observable<Void> { proxyEvent(\.didDismissCalls) }

        /// Each `didPresentSearchController(_:)`.
        @preconcurrency @MainActor
        public var didPresent: Observable<Void> { proxyEvent(\.didPresentCalls) }

        /// Each `presentSearchController(_:)`. While this is observed, UIKit leaves presenting the search controller
        /// to the app (the delegate implements the method), as with RxCocoa: present it in the subscriber.
        @preconcurrency @MainActor
        public var present: Observable<Void> {
            RxSearchControllerDelegateProxy.proxy(for: base).presentEvents
        }

        /// Each `willDismissSearchController(_:)`.
        @preconcurrency @MainActor
        public var willDismiss: Observable<Void> { proxyEvent(\.willDismissCalls) }

        /// Each `willPresentSearchController(_:)`.
        @preconcurrency @MainActor
        public var willPresent: Observable<Void> { proxyEvent(\.willPresentCalls) }

        @preconcurrency @MainActor
        private func proxyEvent(
            _ calls: KeyPath<RxSearchControllerDelegateProxy, PublishSubject<Void>>
        ) -> Observable<Void> {
            let proxy = RxSearchControllerDelegateProxy.proxy(for: base)
            return proxy.events(proxy[keyPath: calls])
        }
    }
#endif
