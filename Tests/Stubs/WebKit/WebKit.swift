// A declaration-only stand-in for the part of WebKit that RxLiteUI's `WKWebView` glue uses (WKWebView+Rx.swift and
// RxWKNavigationDelegateProxy.swift, under `#if canImport(WebKit)`), so `scripts/typecheck-uikit` type-checks it on
// Linux. Signatures and isolation as Swift imports the iOS SDK's WebKit: the web view and the navigation delegate are
// main-actor isolated, `WKNavigation` is not (and is not `Sendable`); navigations the delegate gets are implicitly
// unwrapped (`null_unspecified` in the headers). It re-exports UIKit, as the SDK's WebKit module does. The navigation
// delegate's requirements are `@objc optional`, declared as for UIKit's delegate protocols (see
// Tests/Stubs/UIKit/UIScrollView.swift); those taking decision handlers are left out. Nothing here runs.

@_exported import UIKit

// Linux keeps `URLRequest` in FoundationNetworking; the SDK's Foundation has it.
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

func stub() -> Never { fatalError("WebKit stub: declarations only, nothing runs on Linux") }

/// A page load, from its start to its end.
open class WKNavigation: NSObject {}

@preconcurrency @MainActor
open class WKWebViewConfiguration: NSObject {
    public override init() { stub() }
}

@preconcurrency @MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!)
    func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

extension WKNavigationDelegate {
    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}
    public func webView(
        _ webView: WKWebView, didReceiveServerRedirectForProvisionalNavigation navigation: WKNavigation!
    ) {}
    public func webView(
        _ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error
    ) {}
    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}
    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}
    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
}

@preconcurrency @MainActor
open class WKWebView: UIView {
    public init(frame: CGRect, configuration: WKWebViewConfiguration) { stub() }
    public required init?(coder: NSCoder) { stub() }
    // `-initWithFrame:`, which WKWebView inherits without declaring it designated: a convenience initializer in Swift.
    public convenience override init(frame: CGRect) { stub() }
    weak open var navigationDelegate: (any WKNavigationDelegate)? {
        get { stub() }
        set { stub() }
    }
    open var title: String? { stub() }
    open var url: URL? { stub() }
    open var isLoading: Bool { stub() }
    open var estimatedProgress: Double { stub() }
    open var canGoBack: Bool { stub() }
    // Imported from Objective-C, whose results may always be ignored.
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? { stub() }
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { stub() }
    @discardableResult
    open func goBack() -> WKNavigation? { stub() }
    @discardableResult
    open func reload() -> WKNavigation? { stub() }
    open func stopLoading() { stub() }
}
