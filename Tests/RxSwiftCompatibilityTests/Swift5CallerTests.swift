// Swift 5 language mode, where most RxSwift apps still are: the main-thread APIs (`drive`, `emit`, `Binder`,
// `ObservableValue`, isolation-aware `subscribe`) are called from plain XCTestCase methods and from a nonisolated
// class, as with RxCocoa. They compile because the main-actor ones are `@preconcurrency @MainActor` and `drive`,
// `emit` and `subscribe` take the caller's isolation; swift-corelibs-xctest runs the methods on the main thread,
// where the run-time check passes.
import Foundation
import RxCocoa
import RxRelay
import RxSwift
import XCTest

/// A view model written without any concurrency annotation, as in a Swift 5 app.
final class ProfileViewModel {
    let name = BehaviorRelay(value: "Ann")
    var title: Driver<String> { name.asDriver().map { "Hello, \($0)" } }
    var taps: Signal<Int> { Observable.of(1, 2).asSignal(onErrorJustReturn: 0) }
}

/// A nonisolated class that binds, as a coordinator or a cell model in a Swift 5 app does.
final class TitlePresenter {
    private let bag = DisposeBag()
    private(set) var shown: [String] = []
    private(set) var tapCount = 0

    func present(_ viewModel: ProfileViewModel) {
        viewModel.title.drive(onNext: { [unowned self] in shown.append($0) }).disposed(by: bag)
        viewModel.taps.emit(onNext: { [unowned self] _ in tapCount += 1 }).disposed(by: bag)
    }
}

final class Label {
    var text: String?
}

final class Swift5CallerTests: XCTestCase {
    func testDriveFromATestMethod() {
        let viewModel = ProfileViewModel()
        var titles: [String] = []
        let bag = DisposeBag()
        viewModel.title.drive(onNext: { titles.append($0) }).disposed(by: bag)
        viewModel.name.accept("Bo")
        XCTAssertEqual(titles, ["Hello, Ann", "Hello, Bo"])
    }

    func testDriveAndEmitIntoObserversAndRelays() {
        let viewModel = ProfileViewModel()
        let relay = BehaviorRelay(value: "")
        let published = PublishRelay<Int>()
        var taps: [Int] = []
        let bag = DisposeBag()
        published.subscribe(onNext: { taps.append($0) }).disposed(by: bag)
        viewModel.title.drive(relay).disposed(by: bag)
        viewModel.taps.emit(to: published).disposed(by: bag)
        XCTAssertEqual(relay.value, "Hello, Ann")
        XCTAssertEqual(taps, [1, 2])
    }

    func testDriveFromANonisolatedClass() {
        let presenter = TitlePresenter()
        let viewModel = ProfileViewModel()
        presenter.present(viewModel)
        viewModel.name.accept("Cy")
        XCTAssertEqual(presenter.shown, ["Hello, Ann", "Hello, Cy"])
        XCTAssertEqual(presenter.tapCount, 2)
    }

    func testABinderWithAMainActorClosure() {
        let label = Label()
        let binder = Binder(label) { label, text in label.text = text }
        let bag = DisposeBag()
        Observable.just("bound").bind(to: binder).disposed(by: bag)
        ProfileViewModel().title.drive(binder).disposed(by: bag)
        XCTAssertEqual(label.text, "Hello, Ann")
    }

    func testObservableValueFromNonisolatedCode() {
        let value = ObservableValue(1)
        var seen: [Int] = []
        let binding = value.bind { seen.append($0) }
        value.value = 2
        binding.dispose()
        XCTAssertEqual(seen, [1, 2])
    }

    func testIsolationAwareSubscribeFromNonisolatedCode() {
        var seen: [Int] = []
        let subscription = Observable.of(1, 2).subscribe(onNext: { seen.append($0) })
        subscription.dispose()
        XCTAssertEqual(seen, [1, 2])
    }
}
