import RxLite
import RxLiteTest
import Testing

/// A view model as a Swift 6 app writes it: `@MainActor`, a `DisposeBag`, relays for inputs and outputs, and a
/// `combineLatest` + `map` chain subscribed from main-actor code. This file compiling in Swift 6 language mode with
/// warnings as errors, with no `@preconcurrency`, `nonisolated(unsafe)` or `@unchecked Sendable`, is half the test.
@MainActor
final class SignUpViewModel {
    // Inputs
    let email = BehaviorRelay(value: "")
    let password = BehaviorRelay(value: "")
    // Outputs
    let isSubmitEnabled = BehaviorRelay(value: false)
    let hint = BehaviorRelay(value: "")

    private(set) var validations = 0
    private let disposeBag = DisposeBag()

    init() {
        Observable.combineLatest(email, password) { email, password in
            (email.contains("@"), password.count >= 8)
        }
        .map { emailOK, passwordOK -> String in
            switch (emailOK, passwordOK) {
            case (true, true): return ""
            case (false, _): return "Enter an email address"
            case (true, false): return "Use at least 8 characters"
            }
        }
        .subscribe(
            with: self,
            onNext: { viewModel, hint in
                viewModel.validations += 1
                viewModel.hint.accept(hint)
                viewModel.isSubmitEnabled.accept(hint.isEmpty)
            }
        )
        .disposed(by: disposeBag)
    }
}

/// A view that binds the view model's outputs, as a view controller would.
@MainActor
final class SignUpView {
    private(set) var hintText = ""
    private(set) var isButtonEnabled = false
    private let disposeBag = DisposeBag()

    init(viewModel: SignUpViewModel) {
        viewModel.hint.subscribe(onNext: { [weak self] in self?.hintText = $0 }).disposed(by: disposeBag)
        viewModel.isSubmitEnabled.subscribe(onNext: { [weak self] in self?.isButtonEnabled = $0 })
            .disposed(by: disposeBag)
    }
}

/// What an observer fed from another thread saw: its elements in order, and how many deliveries overlapped another
/// one (the Rx contract says none does).
final class DeliveryLog: Sendable {
    private let state = Protected<(elements: [Int], inFlight: Int, overlaps: Int)>(([], 0, 0))

    func record(_ element: Int) {
        state.withLock { state in
            if state.inFlight > 0 { state.overlaps += 1 }
            state.inFlight += 1
        }
        state.withLock { state in
            state.elements.append(element)
            state.inFlight -= 1
        }
    }

    var elements: [Int] { state.withLock { $0.elements } }
    var overlaps: Int { state.withLock { $0.overlaps } }
}

@Suite(.checksResources) struct Swift6ConcurrencyTests {
    @MainActor
    @Test func mainActorViewModelWithRelaysAndCombineLatest() {
        var viewModel: SignUpViewModel? = SignUpViewModel()
        var view: SignUpView? = SignUpView(viewModel: viewModel!)
        #expect(view?.hintText == "Enter an email address")
        viewModel?.email.accept("me@example.com")
        #expect(view?.hintText == "Use at least 8 characters")
        #expect(view?.isButtonEnabled == false)
        viewModel?.password.accept("correct horse")
        #expect(view?.hintText == "")
        #expect(view?.isButtonEnabled == true)
        #expect(viewModel?.validations == 3)

        // The subscriptions hold the view model and the view weakly: both go away, and so does every subscription.
        weak let weakViewModel = viewModel
        weak let weakView = view
        view = nil
        viewModel = nil
        #expect(weakViewModel == nil)
        #expect(weakView == nil)
    }

    @Test func sendableElementsCrossThreadsThroughObserveOn() async {
        let baseline = Resources.total
        // A background producer, main-actor consumer: the element type is Sendable and observe(on:) moves it.
        let relay = BehaviorRelay(value: 0)
        let log = DeliveryLog()
        var subscription: (any Disposable)?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            subscription = relay.asObservable()
                .observe(on: SerialDispatchQueueScheduler(internalSerialQueueName: "swift6-test"))
                .subscribe(onNext: { value in
                    log.record(value)
                    if value == 100 { done.resume() }
                })
            Task.detached {
                for value in 1...100 { relay.accept(value) }
            }
        }
        #expect(log.elements.last == 100)
        #expect(log.overlaps == 0)
        subscription?.dispose()
        subscription = nil
        // Dispatched actions release their handles just after they run, on the queue's thread.
        await expectResourcesReturn(to: baseline + 1)  // + the relay, still in scope
    }
}
