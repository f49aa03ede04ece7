// A web view screen as a Swift 5 RxCocoa app writes it, type-checked by `scripts/typecheck-uikit` in Swift 5 mode
// with only RxSwift's module names (and WebKit).
import RxCocoa
import RxSwift
import UIKit
import WebKit

final class HelpPageViewController: UIViewController, WKNavigationDelegate {
    private let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
    private let titleLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        webView.navigationDelegate = self

        webView.rx.didStartLoad
            .subscribe(onNext: { [weak self] _ in self?.titleLabel.text = "Loading…" })
            .disposed(by: disposeBag)
        webView.rx.didCommit.subscribe(onNext: { navigation in print(navigation) }).disposed(by: disposeBag)
        webView.rx.didFinishLoad
            .map { [weak self] _ in self?.webView.title }
            .bind(to: titleLabel.rx.text)
            .disposed(by: disposeBag)
        webView.rx.didFailLoad
            .subscribe(onNext: { [weak self] navigation, error in
                self?.titleLabel.text = error.localizedDescription
            })
            .disposed(by: disposeBag)
        _ = webView.rx.navigationDelegate

        webView.loadHTMLString("<p>Help</p>", baseURL: nil)
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        webView.reload()
    }
}
