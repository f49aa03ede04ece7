// Client code for message interception (`rx.sentMessage`, `rx.methodInvoked`, `rx.deallocating`, a delegate proxy's
// `methodInvoked`), type-checked against the UIKit stub by `scripts/typecheck-uikit`: view-controller life-cycle
// events as RxCocoa apps and life-cycle libraries read them (Swift 6 mode).
import RxLite
import RxLiteUI
import UIKit

@MainActor
final class LifecycleViewController: UIViewController {
    let scrollView = UIScrollView(frame: .zero)
    let isVisible = BehaviorRelay<Bool>(value: false)
    let disposeBag = DisposeBag()
    private(set) var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // Reload each time the screen is about to appear.
        self.rx.sentMessage(#selector(UIViewController.viewWillAppear(_:)))
            .map { _ in }
            .subscribe(onNext: { [weak self] in self?.reloads += 1 })
            .disposed(by: disposeBag)
        // Whether it appeared animated, after `viewDidAppear(_:)` ran.
        rx.methodInvoked(#selector(UIViewController.viewDidAppear(_:)))
            .map { $0.first as? Bool ?? false }
            .bind(to: isVisible)
            .disposed(by: disposeBag)
        rx.methodInvoked(#selector(UIViewController.viewDidDisappear(_:)))
            .map { _ in false }
            .bind(to: isVisible)
            .disposed(by: disposeBag)
        // A delegate method through the scroll view's delegate proxy. On iOS:
        // `#selector(UIScrollViewDelegate.scrollViewDidScroll(_:))`, the same selector; the stub's delegate protocols
        // cannot be `@objc` on Linux (their methods take UIKit classes, which derive from Linux Foundation's Swift
        // `NSObject`), so `#selector` cannot name their methods here and the selector is spelled by its name.
        scrollView.rx.delegate.methodInvoked(Selector(("scrollViewDidScroll:")))
            .map { _ in }
            .subscribe(onNext: { [weak self] in self?.reloads += 0 })
            .disposed(by: disposeBag)
        // While the controller is still whole.
        rx.deallocating
            .subscribe(onNext: { print("deallocating") })
            .disposed(by: disposeBag)
    }
}

/// A life-cycle library's events, as the widely used one builds them on `methodInvoked`.
extension Reactive where Base: UIViewController {
    var viewWillAppear: ControlEvent<Bool> {
        ControlEvent(
            events: methodInvoked(#selector(UIViewController.viewWillAppear(_:))).map { $0.first as? Bool ?? false })
    }

    var viewDidDisappear: ControlEvent<Bool> {
        ControlEvent(
            events: methodInvoked(#selector(UIViewController.viewDidDisappear(_:))).map { $0.first as? Bool ?? false })
    }
}

/// What an app catches when a method cannot be intercepted.
func describe(_ error: any Error) -> String {
    guard let error = error as? RxCocoaObjCRuntimeError else { return "other" }
    switch error {
    case .selectorNotImplemented: return "not implemented"
    case .objectMessagesAlreadyBeingIntercepted(_, let mechanism): return mechanism == .kvo ? "kvo" : "intercepted"
    default: return error.debugDescription
    }
}
