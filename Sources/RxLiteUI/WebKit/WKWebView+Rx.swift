#if canImport(WebKit)
    import Foundation
    import RxLite
    import WebKit

    extension Reactive where Base: WKWebView {
        /// The web view's navigation delegate proxy (see ``DelegateProxyType``), installed on first use.
        @preconcurrency @MainActor
        public var navigationDelegate: DelegateProxy<WKWebView, WKNavigationDelegate> {
            RxWKNavigationDelegateProxy.proxy(for: base)
        }

        /// Each navigation whose content starts arriving (`webView(_:didCommit:)`), through the navigation delegate
        /// proxy: the app's own navigation delegate still receives every call. Delivered on the main queue; completes
        /// when the web view goes away.
        @preconcurrency @MainActor
        public var didCommit: Observable<WKNavigation> {
            let proxy = RxWKNavigationDelegateProxy.proxy(for: base)
            return proxy.navigationEvents(proxy.didCommitCalls)
        }

        /// Each navigation that starts (`webView(_:didStartProvisionalNavigation:)`).
        @preconcurrency @MainActor
        public var didStartLoad: Observable<WKNavigation> {
            let proxy = RxWKNavigationDelegateProxy.proxy(for: base)
            return proxy.navigationEvents(proxy.didStartCalls)
        }

        /// Each navigation that completes (`webView(_:didFinish:)`).
        @preconcurrency @MainActor
        public var didFinishLoad: Observable<WKNavigation> {
            let proxy = RxWKNavigationDelegateProxy.proxy(for: base)
            return proxy.navigationEvents(proxy.didFinishCalls)
        }

        /// Each committed navigation that fails, with its error (`webView(_:didFail:withError:)`), as an element: the
        /// sequence itself does not fail.
        @preconcurrency @MainActor
        public var didFailLoad: Observable<(WKNavigation, any Error)> {
            let proxy = RxWKNavigationDelegateProxy.proxy(for: base)
            return proxy.navigationEvents(proxy.didFailCalls)
        }
    }
#endif
