// Client code for the web view, type-checked against the UIKit and WebKit stubs by `scripts/typecheck-uikit`: a help
// page screen written as an RxCocoa app writes it (Swift 6 mode, main-actor view controller, no `@preconcurrency`).
import RxLite
import RxLiteUI
import UIKit
import WebKit

// `URLRequest`: in Foundation on iOS, in FoundationNetworking where this is type-checked.
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's own navigation delegate, which keeps every call beside the Rx events.
@MainActor
final class ExternalLinkPolicy: NSObject, WKNavigationDelegate {
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) { webView.reload() }
}

@MainActor
final class HelpPageViewController {
    let webView = WKWebView(frame: .zero)
    let progressLabel = UILabel(frame: .zero)
    let spinner = UIActivityIndicatorView(style: .medium)
    let policy = ExternalLinkPolicy()
    let disposeBag = DisposeBag()

    func load(_ url: URL) {
        webView.navigationDelegate = policy

        Observable.merge(
            webView.rx.didStartLoad.map { _ in true }, webView.rx.didFinishLoad.map { _ in false },
            webView.rx.didFailLoad.map { _ in false }
        )
        .bind(to: spinner.rx.isAnimating)
        .disposed(by: disposeBag)
        webView.rx.didCommit
            .subscribe(onNext: { [weak self] _ in self?.progressLabel.text = self?.webView.title })
            .disposed(by: disposeBag)
        webView.rx.didFailLoad
            .map { _, error in error.localizedDescription }
            .bind(to: progressLabel.rx.text)
            .disposed(by: disposeBag)
        let delegate: DelegateProxy<WKWebView, WKNavigationDelegate> = webView.rx.navigationDelegate
        _ = delegate

        webView.load(URLRequest(url: url))
    }
}
