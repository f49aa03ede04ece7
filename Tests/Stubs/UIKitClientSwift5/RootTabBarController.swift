// Navigation and tab bar screens as a Swift 5 RxCocoa app writes them, type-checked by `scripts/typecheck-uikit` in
// Swift 5 mode with only RxSwift's module names.
import RxCocoa
import RxSwift
import UIKit

final class RootTabBarController: UITabBarController {
    private let booksNavigation = UINavigationController(
        rootViewController: UIViewController(nibName: nil, bundle: nil))
    private let toolBar = UITabBar()
    private let statusLabel = UILabel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()
        setViewControllers([booksNavigation], animated: false)

        rx.didSelect
            .subscribe(onNext: { [weak self] viewController in self?.statusLabel.text = viewController.title })
            .disposed(by: disposeBag)
        rx.willBeginCustomizing.map { "\($0.count) tabs" }.bind(to: statusLabel.rx.text).disposed(by: disposeBag)
        rx.willEndCustomizing.map { $0.changed ? "Reordered" : "" }.bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)
        rx.didEndCustomizing.subscribe(onNext: { viewControllers, changed in print(viewControllers.count, changed) })
            .disposed(by: disposeBag)
        _ = rx.delegate

        booksNavigation.rx.willShow
            .subscribe(onNext: { [weak self] event in
                self?.statusLabel.text = event.animated ? event.viewController.title : nil
            })
            .disposed(by: disposeBag)
        booksNavigation.rx.didShow.map { $0.viewController.title }.bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)
        _ = booksNavigation.rx.delegate

        toolBar.rx.didSelectItem.map { $0.title }.bind(to: statusLabel.rx.text).disposed(by: disposeBag)
        toolBar.rx.willBeginCustomizing.subscribe(onNext: { print($0.count) }).disposed(by: disposeBag)
        toolBar.rx.didBeginCustomizing.subscribe(onNext: { print($0.count) }).disposed(by: disposeBag)
        toolBar.rx.willEndCustomizing.subscribe(onNext: { items, changed in print(items.count, changed) })
            .disposed(by: disposeBag)
        toolBar.rx.didEndCustomizing.subscribe(onNext: { items, changed in print(items.count, changed) })
            .disposed(by: disposeBag)
        _ = toolBar.rx.delegate
    }
}
