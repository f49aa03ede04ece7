// A settings screen as a Swift 5 RxCocoa app writes it, type-checked by `scripts/typecheck-uikit` in Swift 5 mode
// with only RxSwift's module names (`import RxSwift`, `import RxCocoa`): no RxLite name, no concurrency annotation.
import RxCocoa
import RxSwift
import UIKit

final class SettingsViewModel {
    let notificationsEnabled = BehaviorRelay(value: true)
    let volume = BehaviorRelay<Float>(value: 0.5)
    let reminderDate = BehaviorRelay(value: Date())
    let theme = BehaviorRelay(value: 0)
    let isSaving = BehaviorRelay(value: false)
    let save = PublishRelay<Void>()
    let profileName = BehaviorRelay<String?>(value: nil)
}

struct Profile: Decodable {
    let name: String
}

final class SettingsViewController: UIViewController {
    private let notificationsSwitch = UISwitch()
    private let volumeSlider = UISlider()
    private let snoozeStepper = UIStepper()
    private let reminderPicker = UIDatePicker()
    private let themeControl = UISegmentedControl(items: ["Light", "Dark"])
    private let saveItem = UIBarButtonItem(title: "Save", style: .done, target: nil, action: nil)
    private let refreshControl = UIRefreshControl()
    private let tableView = UITableView(frame: .zero, style: .grouped)
    private let summaryLabel = UILabel()
    private let backgroundTap = UITapGestureRecognizer()
    private let viewModel = SettingsViewModel()
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()

        viewModel.notificationsEnabled.bind(to: notificationsSwitch.rx.isOn).disposed(by: disposeBag)
        notificationsSwitch.rx.isOn.changed.bind(to: viewModel.notificationsEnabled).disposed(by: disposeBag)
        volumeSlider.rx.value.bind(to: viewModel.volume).disposed(by: disposeBag)
        snoozeStepper.rx.value.map { "Snooze \(Int($0)) min" }.bind(to: summaryLabel.rx.text).disposed(by: disposeBag)
        reminderPicker.rx.date.bind(to: viewModel.reminderDate).disposed(by: disposeBag)
        themeControl.rx.selectedSegmentIndex.bind(to: viewModel.theme).disposed(by: disposeBag)

        Observable.combineLatest(notificationsSwitch.rx.isOn, themeControl.rx.value) { on, theme in
            "\(on ? "On" : "Off"), theme \(theme)"
        }
        .bind(to: summaryLabel.rx.text)
        .disposed(by: disposeBag)

        saveItem.rx.tap.bind(to: viewModel.save).disposed(by: disposeBag)
        viewModel.isSaving.map { !$0 }.bind(to: saveItem.rx.isEnabled).disposed(by: disposeBag)

        tableView.refreshControl = refreshControl
        refreshControl.rx.controlEvent(.valueChanged)
            .flatMapLatest { [weak self] _ -> Observable<Profile> in
                guard let self = self else { return .empty() }
                return self.loadProfile()
            }
            .map { Optional($0.name) }
            .observe(on: MainScheduler.instance)
            .do(onNext: { [weak self] _ in self?.refreshControl.endRefreshing() })
            .bind(to: viewModel.profileName)
            .disposed(by: disposeBag)
        viewModel.isSaving.asDriver().drive(refreshControl.rx.isRefreshing).disposed(by: disposeBag)

        view.addGestureRecognizer(backgroundTap)
        backgroundTap.rx.event
            .filter { $0.state == .recognized }
            .subscribe(onNext: { [weak self] _ in self?.view.isHidden = false })
            .disposed(by: disposeBag)

        NotificationCenter.default.rx.notification(Notification.Name("SettingsDidChange"))
            .map { _ in () }
            .bind(to: viewModel.save)
            .disposed(by: disposeBag)
    }

    private func loadProfile() -> Observable<Profile> {
        let request = URLRequest(url: URL(string: "https://example.com/profile")!)
        return URLSession.shared.rx.data(request: request)
            .map { try JSONDecoder().decode(Profile.self, from: $0) }
            .catch { error in
                if case RxCocoaURLError.httpRequestFailed(let response, _) = error, response.statusCode == 404 {
                    return .just(Profile(name: "Guest"))
                }
                return .error(error)
            }
    }
}
