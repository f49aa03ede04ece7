// Client code for the navigation controller, the tab bar and the tab bar controller, type-checked against the UIKit
// stub by `scripts/typecheck-uikit`: an app's root screens written as an RxCocoa app writes them (Swift 6 mode,
// main-actor coordinator, no `@preconcurrency`).
import RxLite
import RxLiteUI
import UIKit

@MainActor
final class AppCoordinator {
    let navigationController = UINavigationController(rootViewController: UIViewController(nibName: nil, bundle: nil))
    let tabBarController = UITabBarController(nibName: nil, bundle: nil)
    let toolTabBar = UITabBar(frame: .zero)
    let titleLabel = UILabel(frame: .zero)
    let shownTitle = BehaviorRelay<String?>(value: nil)
    let selectedTab = PublishRelay<UIViewController>()
    let disposeBag = DisposeBag()

    func start() {
        // Navigation: the title of the screen about to show, and the screen shown.
        navigationController.rx.willShow
            .map { event in event.viewController.title }
            .bind(to: shownTitle)
            .disposed(by: disposeBag)
        navigationController.rx.didShow
            .filter { !$0.animated }
            .map { $0.viewController.title }
            .bind(to: titleLabel.rx.text)
            .disposed(by: disposeBag)
        let showEvent: ControlEvent<Reactive<UINavigationController>.ShowEvent> = navigationController.rx.didShow
        _ = showEvent
        let navigationDelegate: DelegateProxy<UINavigationController, UINavigationControllerDelegate> =
            navigationController.rx.delegate
        _ = navigationDelegate

        // A tab bar of the app's own.
        toolTabBar.items = [
            UITabBarItem(title: "Pen", image: nil, tag: 0), UITabBarItem(title: "Eraser", image: nil, tag: 1),
        ]
        toolTabBar.rx.didSelectItem.map { $0.title }.bind(to: titleLabel.rx.text).disposed(by: disposeBag)
        Observable.merge(
            toolTabBar.rx.willBeginCustomizing.map { $0.count }, toolTabBar.rx.didBeginCustomizing.map { $0.count }
        )
        .map { "Customizing \($0) tools" }
        .bind(to: titleLabel.rx.text)
        .disposed(by: disposeBag)
        Observable.merge(
            toolTabBar.rx.willEndCustomizing.asObservable(), toolTabBar.rx.didEndCustomizing.asObservable()
        )
        .filter { _, changed in changed }
        .map { items, _ in items.compactMap(\.title).joined(separator: ", ") }
        .bind(to: titleLabel.rx.text)
        .disposed(by: disposeBag)
        let tabBarDelegate: DelegateProxy<UITabBar, UITabBarDelegate> = toolTabBar.rx.delegate
        _ = tabBarDelegate

        // The tab bar controller.
        tabBarController.rx.didSelect.bind(to: selectedTab).disposed(by: disposeBag)
        tabBarController.rx.willBeginCustomizing.map { "\($0.count) tabs" }.bind(to: titleLabel.rx.text)
            .disposed(by: disposeBag)
        tabBarController.rx.willEndCustomizing.map { $0.changed ? "Changed" : nil }.bind(to: titleLabel.rx.text)
            .disposed(by: disposeBag)
        tabBarController.rx.didEndCustomizing
            .filter(\.changed)
            .subscribe(onNext: { [weak self] event in self?.titleLabel.text = "\(event.viewControllers.count) tabs" })
            .disposed(by: disposeBag)
        let controllerDelegate: DelegateProxy<UITabBarController, UITabBarControllerDelegate> =
            tabBarController.rx.delegate
        _ = controllerDelegate
    }
}
