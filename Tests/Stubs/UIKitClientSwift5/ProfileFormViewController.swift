// A profile form as a Swift 5 RxCocoa app writes it (RxExample's two-way `<->` operator on `ControlProperty` and
// `TextInput`), type-checked by `scripts/typecheck-uikit` in Swift 5 mode with only RxSwift's module names.
import RxCocoa
import RxSwift
import UIKit

infix operator <-> : DefaultPrecedence

/// The text without the part an input method is still composing.
func textWithoutMarkedText(_ input: UITextInput) -> String? {
    let start = input.beginningOfDocument
    let end = input.endOfDocument
    guard let whole = input.textRange(from: start, to: end), let text = input.text(in: whole) else { return nil }
    guard let marked = input.markedTextRange else { return text }
    guard let head = input.textRange(from: start, to: marked.start),
        let tail = input.textRange(from: marked.end, to: end)
    else { return text }
    return (input.text(in: head) ?? "") + (input.text(in: tail) ?? "")
}

func <-> <Base>(textInput: TextInput<Base>, relay: BehaviorRelay<String>) -> Disposable {
    let bindToView = relay.bind(to: textInput.text)
    let bindToRelay = textInput.text
        .subscribe(
            onNext: { [weak base = textInput.base] _ in
                guard let base = base, let text = textWithoutMarkedText(base), text != relay.value else { return }
                relay.accept(text)
            },
            onCompleted: { bindToView.dispose() })
    return Disposables.create(bindToView, bindToRelay)
}

func <-> <T>(property: ControlProperty<T>, relay: BehaviorRelay<T>) -> Disposable {
    let bindToView = relay.bind(to: property)
    let bindToRelay = property.subscribe(onNext: { relay.accept($0) }, onCompleted: { bindToView.dispose() })
    return Disposables.create(bindToView, bindToRelay)
}

final class ProfileFormViewController: UIViewController {
    private let nameField = UITextField()
    private let mottoField = UITextField()
    private let aboutView = UITextView()
    private let newsletterSwitch = UISwitch()
    private let fontSizeSlider = UISlider()
    private let guestsStepper = UIStepper()
    private let planControl = UISegmentedControl(items: ["Free", "Pro"])
    private let birthdayPicker = UIDatePicker()
    private let termsButton = UIButton(type: .custom)
    private let saveButton = UIButton(type: .system)
    private let savingIndicator = UIActivityIndicatorView(style: .medium)
    private let statusLabel = UILabel()

    private let name = BehaviorRelay(value: "")
    private let about = BehaviorRelay(value: "")
    private let newsletter = BehaviorRelay(value: true)
    private let fontSize = BehaviorRelay<Float>(value: 14)
    private let guests = BehaviorRelay<Double>(value: 1)
    private let plan = BehaviorRelay(value: 0)
    private let birthday = BehaviorRelay(value: Date())
    private let isSaving = BehaviorRelay(value: false)
    private let disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()

        (nameField.rx.textInput <-> name).disposed(by: disposeBag)
        (aboutView.rx.textInput <-> about).disposed(by: disposeBag)
        (newsletterSwitch.rx.value <-> newsletter).disposed(by: disposeBag)
        (fontSizeSlider.rx.value <-> fontSize).disposed(by: disposeBag)
        (guestsStepper.rx.value <-> guests).disposed(by: disposeBag)
        (planControl.rx.selectedSegmentIndex <-> plan).disposed(by: disposeBag)
        (birthdayPicker.rx.date <-> birthday).disposed(by: disposeBag)

        fontSize.map { NSAttributedString(string: "\(Int($0)) pt") }
            .bind(to: mottoField.rx.attributedText)
            .disposed(by: disposeBag)
        aboutView.rx.attributedText
            .map { "\($0?.length ?? 0) characters" }
            .bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)

        aboutView.rx.didBeginEditing
            .subscribe(onNext: { [weak self] in self?.statusLabel.text = "Editing" })
            .disposed(by: disposeBag)
        Observable.merge(aboutView.rx.didEndEditing.asObservable(), aboutView.rx.didChange.asObservable())
            .map { "Saved as you type" }
            .bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)
        aboutView.rx.didChangeSelection.subscribe(onNext: { print("selection") }).disposed(by: disposeBag)
        aboutView.textStorage.rx.didProcessEditingRangeChangeInLength
            .map { edit in "\(edit.delta) characters at \(edit.editedRange.location)" }
            .bind(to: statusLabel.rx.text)
            .disposed(by: disposeBag)

        termsButton.rx.tap
            .map { [weak self] in !(self?.termsButton.isSelected ?? false) }
            .bind(to: termsButton.rx.isSelected)
            .disposed(by: disposeBag)
        isSaving.map { !$0 }.bind(to: saveButton.rx.isEnabled).disposed(by: disposeBag)
        isSaving.bind(to: savingIndicator.rx.isAnimating).disposed(by: disposeBag)
        saveButton.rx.tap
            .do(onNext: { [weak self] in self?.isSaving.accept(true) })
            .subscribe()
            .disposed(by: disposeBag)
        nameField.rx.controlEvent(.editingDidEndOnExit)
            .subscribe(onNext: { [weak self] in _ = self?.aboutView.becomeFirstResponder() })
            .disposed(by: disposeBag)

        view.rx.deallocated
            .subscribe(onNext: { print("form view gone") })
            .disposed(by: disposeBag)
    }
}
