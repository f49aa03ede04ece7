import RxLite
import RxLiteTest
import RxLiteUI
import Testing

// A form's flow, in Swift 6 mode with warnings as errors and no `@preconcurrency` or `nonisolated(unsafe)`: a
// text input as `ObservableValue<String?>` in a view model's `Input`, validated and mapped to an output text, bound
// to a label. The view model and the view controller are `@MainActor`, as in an app.

/// Stands in for `UILabel` (the UIKit binders are type-checked against the stub by `scripts/typecheck-uikit`).
@MainActor
final class FakeLabel {
    var text: String?
    var isHidden = false
}

extension Reactive where Base: FakeLabel {
    @MainActor var text: Binder<String?> { Binder(base) { label, text in label.text = text } }
    @MainActor var isHidden: Binder<Bool> { Binder(base) { label, hidden in label.isHidden = hidden } }
}

extension FakeLabel: ReactiveCompatible {}

@MainActor
final class NicknameViewModel {
    struct Input {
        // Created in a nonisolated struct initializer: ObservableValue's init is nonisolated.
        let nickname = ObservableValue<String?>(nil)
    }

    struct Output {
        let message = ObservableValue("")
        let isValid: Driver<Bool>
    }

    let input = Input()
    let output: Output
    private(set) var validations = 0
    private let disposeBag = DisposeBag()

    init() {
        output = Output(isValid: input.nickname.asDriver().map { Self.validate($0) == nil })
        input.nickname.bind(with: self) { viewModel, nickname in
            viewModel.validations += 1
            viewModel.output.message.value = Self.validate(nickname) ?? "Welcome, \(nickname ?? "")"
        }
        .disposed(by: disposeBag)
    }

    nonisolated static func validate(_ nickname: String?) -> String? {
        guard let nickname, !nickname.isEmpty else { return "Enter a nickname" }
        return nickname.count < 3 ? "At least 3 characters" : nil
    }
}

@MainActor
final class NicknameViewController {
    let label = FakeLabel()
    let errorLabel = FakeLabel()
    let viewModel: NicknameViewModel
    private let disposeBag = DisposeBag()

    init(viewModel: NicknameViewModel) {
        self.viewModel = viewModel
        // The closure form and the stream form, side by side.
        viewModel.output.message.bind { [weak self] text in self?.label.text = text }.disposed(by: disposeBag)
        viewModel.output.message.asDriver().map { Optional($0) }.drive(errorLabel.rx.text).disposed(by: disposeBag)
        viewModel.output.isValid.drive(errorLabel.rx.isHidden).disposed(by: disposeBag)
    }

    /// What the text field's editing-changed action does.
    func textFieldChanged(_ text: String?) {
        viewModel.input.nickname.value = text
    }
}

@MainActor
@Suite(.checksResources) struct MVVMSwift6Tests {
    @Test func nicknameFlowValidatesAndUpdatesTheLabel() {
        var viewModel: NicknameViewModel? = NicknameViewModel()
        var controller: NicknameViewController? = NicknameViewController(viewModel: viewModel!)
        #expect(controller?.label.text == "Enter a nickname")
        #expect(controller?.errorLabel.text == "Enter a nickname")
        #expect(controller?.errorLabel.isHidden == false)
        controller?.textFieldChanged("ab")
        #expect(controller?.label.text == "At least 3 characters")
        controller?.textFieldChanged("abc")
        #expect(controller?.label.text == "Welcome, abc")
        #expect(controller?.errorLabel.text == "Welcome, abc")
        #expect(controller?.errorLabel.isHidden == true)
        #expect(viewModel?.validations == 3)

        weak let weakViewModel = viewModel
        weak let weakController = controller
        controller = nil
        viewModel = nil
        #expect(weakViewModel == nil)
        #expect(weakController == nil)
    }

    @Test func binderDropsValuesOnceTheLabelIsGone() {
        var label: FakeLabel? = FakeLabel()
        let binder = label!.rx.text
        binder.onNext("a")
        #expect(label?.text == "a")
        weak let weakLabel = label
        label = nil
        #expect(weakLabel == nil)
        binder.onNext("b")
    }
}
