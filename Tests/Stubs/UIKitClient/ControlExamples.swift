// Client code for the controls RxCocoa reads as `ControlProperty`s and the target-action events, type-checked against
// the UIKit stub by `scripts/typecheck-uikit`: a book filter screen, written as an RxCocoa app writes it (Swift 6
// mode, main-actor view controller, no `@preconcurrency`).
import RxLite
import RxLiteUI
import UIKit

@MainActor
final class BookFilterViewModel {
    let availableOnly = BehaviorRelay(value: false)
    let maximumPrice = BehaviorRelay<Float>(value: 30)
    let copies = BehaviorRelay<Double>(value: 1)
    let publishedAfter = BehaviorRelay(value: Date(timeIntervalSince1970: 0))
    let readingTime = BehaviorRelay<TimeInterval>(value: 600)
    let sortOrder = BehaviorRelay(value: 0)
    let isLoading = BehaviorRelay(value: false)
    let reload = PublishRelay<Void>()
    let done = PublishRelay<Void>()
}

@MainActor
final class BookFilterViewController {
    let availableSwitch = UISwitch(frame: .zero)
    let priceSlider = UISlider(frame: .zero)
    let priceLabel = UILabel(frame: .zero)
    let copiesStepper = UIStepper(frame: .zero)
    let publishedPicker = UIDatePicker(frame: .zero)
    let readingTimePicker = UIDatePicker(frame: .zero)
    let sortControl = UISegmentedControl(items: ["Title", "Price", "Date"])
    let tableView = UITableView(frame: .zero)
    let refreshControl = UIRefreshControl()
    let doneButton = UIBarButtonItem(title: "Done", style: .done, target: nil, action: nil)
    let dismissTap = UITapGestureRecognizer()
    let view = UIView(frame: .zero)
    let authorField = UITextField(frame: .zero)
    let reviewView = UITextView(frame: .zero)
    let tagBar = UISearchBar(frame: .zero)
    let applyButton = UIButton(type: .system)
    let viewModel = BookFilterViewModel()
    let disposeBag = DisposeBag()

    func bind() {
        // Two-way: the view model sets the control, the user's changes flow back.
        viewModel.availableOnly.bind(to: availableSwitch.rx.isOn).disposed(by: disposeBag)
        availableSwitch.rx.isOn.changed.bind(to: viewModel.availableOnly).disposed(by: disposeBag)
        availableSwitch.rx.value.asDriver().map { $0 ? 1 : 0.5 }.drive(priceSlider.rx.alpha)
            .disposed(by: disposeBag)

        priceSlider.rx.value.bind(to: viewModel.maximumPrice).disposed(by: disposeBag)
        priceSlider.rx.value.map { "Up to \(Int($0)) €" }.bind(to: priceLabel.rx.text).disposed(by: disposeBag)
        copiesStepper.rx.value.skip(1).bind(to: viewModel.copies).disposed(by: disposeBag)
        publishedPicker.rx.date.bind(to: viewModel.publishedAfter).disposed(by: disposeBag)
        publishedPicker.rx.value.map { _ in true }.bind(to: sortControl.rx.enabledForSegment(at: 2))
            .disposed(by: disposeBag)
        readingTimePicker.rx.countDownDuration.bind(to: viewModel.readingTime).disposed(by: disposeBag)

        sortControl.rx.selectedSegmentIndex.bind(to: viewModel.sortOrder).disposed(by: disposeBag)
        sortControl.rx.value.map { $0 == UISegmentedControl.noSegment ? nil : "Sorted" }
            .bind(to: sortControl.rx.titleForSegment(at: 0)).disposed(by: disposeBag)
        Observable.just(UIImage?.none).bind(to: sortControl.rx.imageForSegment(at: 1)).disposed(by: disposeBag)

        // Pull to refresh: the user's pull starts a reload; the view model's loading state ends the spinner.
        tableView.refreshControl = refreshControl
        refreshControl.rx.controlEvent(.valueChanged).bind(to: viewModel.reload).disposed(by: disposeBag)
        viewModel.isLoading.asDriver().drive(refreshControl.rx.isRefreshing).disposed(by: disposeBag)

        doneButton.rx.tap.bind(to: viewModel.done).disposed(by: disposeBag)
        doneButton.rx.tap.asInfallible().subscribe(onNext: { print("done") }).disposed(by: disposeBag)

        view.addGestureRecognizer(dismissTap)
        dismissTap.rx.event
            .filter { $0.state == .recognized }
            .map { [view] recognizer in recognizer.location(in: view) }
            .subscribe(onNext: { point in print("tapped at \(point)") })
            .disposed(by: disposeBag)

        // A property built by hand, as RxCocoa's own are.
        copiesStepper.rx
            .controlProperty(editingEvents: .valueChanged, getter: { $0.value }, setter: { $0.value = $1 })
            .asDriver().map { Optional("\(Int($0)) copies") }.drive(priceLabel.rx.text)
            .disposed(by: disposeBag)

        // RxCocoa's `value` names for the text properties, and the button's other binders and events.
        Observable.combineLatest(authorField.rx.value, reviewView.rx.value, tagBar.rx.value) { author, review, tag in
            [author, review, tag].compactMap { $0 }.joined(separator: " ")
        }
        .map { NSAttributedString(string: $0) }
        .bind(to: applyButton.rx.attributedTitle(for: .normal))
        .disposed(by: disposeBag)
        Observable.just(UIImage?.none).bind(to: applyButton.rx.image(for: .normal)).disposed(by: disposeBag)
        Observable.just(UIImage?.none).bind(to: applyButton.rx.backgroundImage(for: .highlighted))
            .disposed(by: disposeBag)
        applyButton.rx.primaryAction.bind(to: viewModel.done).disposed(by: disposeBag)
        viewModel.availableOnly.bind(to: applyButton.rx.isSelected).disposed(by: disposeBag)

        // The app's life cycle, as RxCocoa's static events.
        Observable.merge(
            UIApplication.rx.didBecomeActive.asObservable(), UIApplication.rx.willEnterForeground.asObservable(),
            UIApplication.rx.didFinishLaunching.asObservable(), UIApplication.rx.significantTimeChange.asObservable(),
            UIApplication.rx.backgroundRefreshStatusDidChange.asObservable(),
            UIApplication.rx.protectedDataDidBecomeAvailable.asObservable()
        )
        .bind(to: viewModel.reload)
        .disposed(by: disposeBag)
        Observable.merge(
            UIApplication.rx.didEnterBackground.asObservable(), UIApplication.rx.willResignActive.asObservable(),
            UIApplication.rx.willTerminate.asObservable(), UIApplication.rx.didReceiveMemoryWarning.asObservable(),
            UIApplication.rx.protectedDataWillBecomeUnavailable.asObservable(),
            UIApplication.rx.userDidTakeScreenshot.asObservable()
        )
        .subscribe(onNext: { print("paused") })
        .disposed(by: disposeBag)

        bindTwoWay(availableSwitch.rx.isOn, to: viewModel.availableOnly).disposed(by: disposeBag)
        logEvents(doneButton.rx.tap).disposed(by: disposeBag)
    }

    /// Generic over RxCocoa's protocols, as helper libraries are.
    func bindTwoWay<Property: ControlPropertyType>(
        _ property: Property, to relay: BehaviorRelay<Property.Element>
    ) -> any Disposable {
        let toControl = relay.bind(to: property)
        let toRelay = property.asControlProperty().changed.bind(to: relay)
        return Disposables.create(toControl, toRelay)
    }

    func logEvents<Events: ControlEventType>(_ events: Events) -> any Disposable {
        events.asControlEvent().asObservable().subscribe(onNext: { _ in print("event") })
    }
}

/// The dedicated properties win over the key-path binders of the same name: they are `ControlProperty`s, readable.
@MainActor
func dedicatedPropertiesWinOverKeyPathBinders(
    _ toggle: UISwitch, _ slider: UISlider, _ stepper: UIStepper, _ picker: UIDatePicker,
    _ segments: UISegmentedControl
) {
    let isOn: ControlProperty<Bool> = toggle.rx.isOn
    let value: ControlProperty<Float> = slider.rx.value
    let steps: ControlProperty<Double> = stepper.rx.value
    let date: ControlProperty<Date> = picker.rx.date
    let duration: ControlProperty<TimeInterval> = picker.rx.countDownDuration
    let index: ControlProperty<Int> = segments.rx.selectedSegmentIndex
    _ = (isOn, value, steps, date, duration, index)
}
