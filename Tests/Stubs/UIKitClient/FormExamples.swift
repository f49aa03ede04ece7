// Client code for the form controls, type-checked against the UIKit stub by `scripts/typecheck-uikit`: a profile form
// written as RxExample writes its forms, with a two-way `<->` operator on `ControlProperty` and `TextInput` (Swift 6
// mode, main-actor view controller, no `@preconcurrency`).
import RxLite
import RxLiteUI
import UIKit

infix operator <-> : DefaultPrecedence

/// The text the user has committed: the whole text without the part an input method is still composing.
@MainActor
func committedText(of input: some UITextInput) -> String? {
    let start = input.beginningOfDocument
    let end = input.endOfDocument
    guard let whole = input.textRange(from: start, to: end), let text = input.text(in: whole) else { return nil }
    guard let marked = input.markedTextRange else { return text }
    guard let before = input.textRange(from: start, to: marked.start),
        let after = input.textRange(from: marked.end, to: end)
    else { return text }
    return (input.text(in: before) ?? "") + (input.text(in: after) ?? "")
}

/// Binds a text input and a relay both ways; the relay only takes committed text, so that an input method's composing
/// is not written back into the view.
@MainActor
func <-> <Base>(textInput: TextInput<Base>, relay: BehaviorRelay<String>) -> any Disposable {
    let toView = relay.bind(to: textInput.text)
    let toRelay = textInput.text.subscribe(
        onNext: { [weak base = textInput.base] _ in
            guard let base, let text = committedText(of: base), text != relay.value else { return }
            relay.accept(text)
        },
        onCompleted: { toView.dispose() })
    return Disposables.create(toView, toRelay)
}

/// Binds a control property and a relay both ways; the view's end (its control deallocated) ends both.
@MainActor
func <-> <T>(property: ControlProperty<T>, relay: BehaviorRelay<T>) -> any Disposable {
    let toView = relay.bind(to: property)
    let toRelay = property.subscribe(onNext: { relay.accept($0) }, onCompleted: { toView.dispose() })
    return Disposables.create(toView, toRelay)
}

@MainActor
final class ProfileFormViewModel {
    let name = BehaviorRelay(value: "")
    let about = BehaviorRelay(value: "")
    let newsletter = BehaviorRelay(value: true)
    let fontSize = BehaviorRelay<Float>(value: 14)
    let guests = BehaviorRelay<Double>(value: 1)
    let plan = BehaviorRelay(value: 0)
    let birthday = BehaviorRelay(value: Date(timeIntervalSince1970: 0))
    let acceptsTerms = BehaviorRelay(value: false)
    let isSaving = BehaviorRelay(value: false)
    let save = PublishRelay<Void>()
}

@MainActor
final class ProfileFormViewController {
    let nameField = UITextField(frame: .zero)
    let signatureField = UITextField(frame: .zero)
    let aboutView = UITextView(frame: .zero)
    let newsletterSwitch = UISwitch(frame: .zero)
    let fontSizeSlider = UISlider(frame: .zero)
    let guestsStepper = UIStepper(frame: .zero)
    let planControl = UISegmentedControl(items: ["Free", "Pro"])
    let birthdayPicker = UIDatePicker(frame: .zero)
    let termsButton = UIButton(type: .custom)
    let saveButton = UIButton(type: .system)
    let savingIndicator = UIActivityIndicatorView(style: .medium)
    let editingLabel = UILabel(frame: .zero)
    let viewModel = ProfileFormViewModel()
    let disposeBag = DisposeBag()

    func bind() {
        // Two-way, as RxExample's forms bind: text inputs through `textInput`, the other controls as properties.
        (nameField.rx.textInput <-> viewModel.name).disposed(by: disposeBag)
        (aboutView.rx.textInput <-> viewModel.about).disposed(by: disposeBag)
        (newsletterSwitch.rx.value <-> viewModel.newsletter).disposed(by: disposeBag)
        (fontSizeSlider.rx.value <-> viewModel.fontSize).disposed(by: disposeBag)
        (guestsStepper.rx.value <-> viewModel.guests).disposed(by: disposeBag)
        (planControl.rx.selectedSegmentIndex <-> viewModel.plan).disposed(by: disposeBag)
        (birthdayPicker.rx.date <-> viewModel.birthday).disposed(by: disposeBag)

        // A text input's view is there for generic code that looks at the marked text.
        let nameInput: TextInput<UITextField> = nameField.rx.textInput
        let aboutInput = TextInput(base: aboutView, text: aboutView.rx.text)
        _ = (nameInput.base, aboutInput.base)

        // Attributed text, read and written.
        viewModel.fontSize.map { size in NSAttributedString(string: "Signed at \(Int(size)) pt") }
            .bind(to: signatureField.rx.attributedText)
            .disposed(by: disposeBag)
        signatureField.rx.attributedText.compactMap { $0?.string }.bind(to: editingLabel.rx.text)
            .disposed(by: disposeBag)
        aboutView.rx.attributedText.map { $0?.length ?? 0 }.map { "\($0) characters" }
            .bind(to: editingLabel.rx.text)
            .disposed(by: disposeBag)
        viewModel.about.map { NSAttributedString(string: $0) }.bind(to: aboutView.rx.attributedText)
            .disposed(by: disposeBag)

        // The text view's delegate calls, through its delegate proxy.
        Observable.merge(
            aboutView.rx.didBeginEditing.map { "Editing" }, aboutView.rx.didEndEditing.map { "" },
            aboutView.rx.didChange.map { "Changed" }, aboutView.rx.didChangeSelection.map { "Selection" }
        )
        .bind(to: editingLabel.rx.text)
        .disposed(by: disposeBag)
        aboutView.textStorage.rx.didProcessEditingRangeChangeInLength
            .filter { $0.editedMask.contains(.editedCharacters) }
            .map { edit in "\(edit.delta) at \(edit.editedRange.location)" }
            .bind(to: editingLabel.rx.text)
            .disposed(by: disposeBag)
        let storageDelegate: DelegateProxy<NSTextStorage, NSTextStorageDelegate> = aboutView.textStorage.rx.delegate
        _ = storageDelegate

        // Buttons: selection, enabling, taps; the field's return key.
        viewModel.acceptsTerms.bind(to: termsButton.rx.isSelected).disposed(by: disposeBag)
        termsButton.rx.tap.map { [termsButton] in !termsButton.isSelected }.bind(to: viewModel.acceptsTerms)
            .disposed(by: disposeBag)
        Observable.combineLatest(viewModel.acceptsTerms, viewModel.isSaving) { accepts, saving in accepts && !saving }
            .bind(to: saveButton.rx.isEnabled)
            .disposed(by: disposeBag)
        viewModel.isSaving.bind(to: savingIndicator.rx.isAnimating).disposed(by: disposeBag)
        Observable.merge(
            saveButton.rx.tap.asObservable(), nameField.rx.controlEvent(.editingDidEndOnExit).asObservable()
        )
        .bind(to: viewModel.save)
        .disposed(by: disposeBag)
        nameField.rx.text.orEmpty.map { $0.isEmpty ? "Name" : $0 }.bind(to: saveButton.rx.title(for: .normal))
            .disposed(by: disposeBag)

        // A control's events and properties complete when it is deallocated; so does `rx.deallocated`.
        nameField.rx.deallocated.subscribe(onNext: { print("name field gone") }).disposed(by: disposeBag)
        let fieldGone: Observable<Void> = (nameField as NSObject).rx.deallocated
        _ = fieldGone
    }
}

/// RxCocoa's properties win over the key-path binders of the same name: they are `ControlProperty`s, readable.
@MainActor
func textPropertiesWinOverKeyPathBinders(_ field: UITextField, _ textView: UITextView) {
    let fieldText: ControlProperty<String?> = field.rx.text
    let fieldAttributed: ControlProperty<NSAttributedString?> = field.rx.attributedText
    let viewText: ControlProperty<String?> = textView.rx.text
    let viewAttributed: ControlProperty<NSAttributedString?> = textView.rx.attributedText
    let fieldInput: TextInput<UITextField> = field.rx.textInput
    let viewInput: TextInput<UITextView> = textView.rx.textInput
    _ = (fieldText, fieldAttributed, viewText, viewAttributed, fieldInput, viewInput)
}
