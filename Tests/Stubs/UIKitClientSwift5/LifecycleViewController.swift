// View-controller life-cycle events as a Swift 5 RxCocoa app reads them, through message interception
// (`rx.sentMessage`, `rx.methodInvoked`, `rx.deallocating`, a delegate proxy's `methodInvoked` and `sentMessage`),
// type-checked by `scripts/typecheck-uikit` in Swift 5 mode with only RxSwift's module names.
import RxCocoa
import RxSwift
import UIKit

final class LifecycleViewController: UIViewController {
    private let scrollView = UIScrollView()
    private let visible = BehaviorRelay<Bool>(value: false)
    private let disposeBag = DisposeBag()
    private var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        self.rx.sentMessage(#selector(UIViewController.viewWillAppear(_:)))
            .map { _ in }
            .subscribe(onNext: { [weak self] in self?.reloads += 1 })
            .disposed(by: disposeBag)
        rx.methodInvoked(#selector(UIViewController.viewDidAppear(_:)))
            .map { $0.first as? Bool ?? false }
            .bind(to: visible)
            .disposed(by: disposeBag)
        rx.methodInvoked(#selector(UIViewController.viewWillDisappear(_:)))
            .map { _ in false }
            .subscribe(
                onNext: { [weak self] in self?.visible.accept($0) },
                onError: { error in
                    if case RxCocoaObjCRuntimeError.selectorNotImplemented = error { print("not intercepted") }
                }
            )
            .disposed(by: disposeBag)
        // `#selector(UIScrollViewDelegate.scrollViewDidScroll(_:))` on iOS: the stub's delegate protocols cannot be
        // `@objc` on Linux (see MessageInterceptionExamples.swift), so the selector is spelled by its name.
        scrollView.rx.delegate.methodInvoked(Selector(("scrollViewDidScroll:")))
            .map { _ in }
            .subscribe(onNext: { [weak self] in self?.reloads += 0 })
            .disposed(by: disposeBag)
        scrollView.rx.delegate.sentMessage(Selector(("scrollViewWillBeginDragging:")))
            .subscribe(onNext: { arguments in print(arguments.count) })
            .disposed(by: disposeBag)
        _ = scrollView.rx.delegate._forwardToDelegate
        rx.deallocating
            .subscribe(onNext: { print("deallocating") })
            .disposed(by: disposeBag)
    }
}

/// The hooks a delegate proxy calls around each intercepted message, called as a proxy of an app's own would.
func replay(_ arguments: [Any], through proxy: RxScrollViewDelegateProxy) {
    proxy._sentMessage(Selector(("scrollViewDidScroll:")), withArguments: arguments)
    proxy._methodInvoked(Selector(("scrollViewDidScroll:")), withArguments: arguments)
}
