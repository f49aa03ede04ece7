#if canImport(WebKit)
    import Foundation
    import RxLite
    import WebKit

    /// The navigation delegate proxy of a web view (see ``DelegateProxyType``): `rx.didCommit`, `rx.didStartLoad`,
    /// `rx.didFinishLoad` and `rx.didFailLoad` come from here, and every call reaches the navigation delegate the app
    /// set as well (its policy decisions included, which the proxy forwards untouched).
    @preconcurrency @MainActor
    open class RxWKNavigationDelegateProxy: DelegateProxy<WKWebView, WKNavigationDelegate>, DelegateProxyType,
        WKNavigationDelegate
    {
        /// The web view whose navigation delegate slot the proxy occupies.
        public private(set) weak var webView: WKWebView?

        let didCommitCalls = PublishSubject<WKNavigation>()
        let didStartCalls = PublishSubject<WKNavigation>()
        let didFinishCalls = PublishSubject<WKNavigation>()
        let didFailCalls = PublishSubject<(WKNavigation, any Error)>()

        /// A proxy for `webView`.
        public init(webView: ParentObject) {
            self.webView = webView
            super.init(parentObject: webView, delegateProxy: RxWKNavigationDelegateProxy.self)
        }

        /// Registers the proxy of web views.
        public static func registerKnownImplementations() {
            register { RxWKNavigationDelegateProxy(webView: $0) }
        }

        /// The web view's `navigationDelegate`.
        public static func currentDelegate(for object: WKWebView) -> WKNavigationDelegate? {
            object.navigationDelegate
        }

        /// Sets the web view's `navigationDelegate`.
        public static func setCurrentDelegate(_ delegate: WKNavigationDelegate?, to object: WKWebView) {
            object.navigationDelegate = delegate
        }

        /// Tells `rx.didCommit`, then the forward delegate.
        public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
            didCommitCalls.onNext(navigation)
            (forwardToDelegate()?.webView(_:didCommit:))?(webView, navigation)
        }

        /// Tells `rx.didStartLoad`, then the forward delegate.
        public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {
            didStartCalls.onNext(navigation)
            (forwardToDelegate()?.webView(_:didStartProvisionalNavigation:))?(webView, navigation)
        }

        /// Tells `rx.didFinishLoad`, then the forward delegate.
        public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
            didFinishCalls.onNext(navigation)
            (forwardToDelegate()?.webView(_:didFinish:))?(webView, navigation)
        }

        /// Tells `rx.didFailLoad`, then the forward delegate.
        public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
            didFailCalls.onNext((navigation, error))
            (forwardToDelegate()?.webView(_:didFail:withError:))?(webView, navigation, error)
        }

        /// The calls `subject` receives while subscribed, as ``DelegateProxy``'s `events(_:current:)` gives them, for
        /// elements that are not `Sendable` (a `WKNavigation` is not): subscribing starts an observation of the proxy
        /// on the main queue, disposing ends it, and the sequence completes when the proxy goes away.
        func navigationEvents<Element>(_ subject: PublishSubject<Element>) -> Observable<Element> {
            let ended = ended
            return Observable<Element>.create { [weak self] observer in
                // Subscribed on the main queue (below): the main actor.
                let observed = MainActor.assumeIsolated { () -> RxWKNavigationDelegateProxy? in
                    self?.beginObservation()
                    return self
                }
                guard let observed else {
                    observer.onCompleted()
                    return Disposables.create()
                }
                let subscription = subject.take(until: ended).subscribe(observer)
                // Weakly: a subscription does not keep the proxy (and so the web view's delegate slot) alive.
                return Disposables.create { [weak observed] in
                    subscription.dispose()
                    onMainActor { observed?.endObservation() }
                }
            }
            // Unchecked: WebKit calls the navigation delegate on the main thread, where the elements are delivered.
            .uncheckedSubscribe(on: MainScheduler.instance)
        }
    }
#endif
