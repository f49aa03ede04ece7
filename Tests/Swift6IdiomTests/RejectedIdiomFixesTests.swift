import RxLite
import RxLiteTest
import RxLiteUI
import Testing

// The "write instead" side of the idioms Swift 6 rightly rejects (Swift6AndThreads.md, "When Swift 6 says no"):
// each compiles here, with warnings as errors, and behaves.

@MainActor private final class TitleLabel {
    var text: String?
}

/// 1. A coordinator that sets UI state: make it `@MainActor`. Its handlers then run on the main actor, wherever the
/// titles come from (`observe(on:)` is no longer needed for that).
@MainActor private final class Coordinator {
    let label = TitleLabel()
    let disposeBag = DisposeBag()

    func start(_ titles: Observable<String>) {
        titles.subscribe(onNext: { [weak self] in self?.label.text = $0 }).disposed(by: disposeBag)
    }
}

/// 2. A shared sequence in a static property: isolate it to the main actor (or make it a function). Checked by
/// compiling only: the shared state it holds lives as long as the program, which the leak check would count.
private enum Ticker {
    @MainActor static let shared = Observable<Int>.just(42).share(replay: 1)
}

/// 3. `drive` from a class whose closures set UI state: the class (or the method) is `@MainActor`, as the view that
/// drives is, so the closures are main-actor closures.
@MainActor private final class Presenter {
    let disposeBag = DisposeBag()
    private(set) var shown: [String] = []

    func bind(_ titles: Driver<String>) {
        titles.drive(onNext: { [weak self] in self?.shown.append($0) }).disposed(by: disposeBag)
    }
}

/// 4. A Driver of cell models: make the model a value type (or `Sendable`), since a Driver moves it to the main
/// actor.
private struct CellModel: Sendable, Equatable {
    var title: String
}

private func cells(_ models: Observable<[CellModel]>) -> Driver<[CellModel]> {
    models.asDriver(onErrorJustReturn: [])
}

/// A `Sendable` service may keep a `DisposeBag`.
private final class Service: Sendable {
    let disposeBag = DisposeBag()
}

/// An RxCocoa-style binder on a main-actor object, written as RxCocoa writes it.
extension Reactive where Base: TitleLabel {
    fileprivate var title: Binder<String> {
        Binder(base) { label, title in label.text = title }
    }
}

extension TitleLabel: ReactiveCompatible {}

@Suite(.checksResources) struct RejectedIdiomFixesTests {
    @Test @MainActor func theRewrittenIdiomsWork() {
        let coordinator = Coordinator()
        coordinator.start(.just("Books"))
        #expect(coordinator.label.text == "Books")

        let presenter = Presenter()
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            presenter.bind(Driver.just("Hello"))
            let models = cells(.just([CellModel(title: "a")]))
            var received: [[CellModel]] = []
            let subscription = models.drive(onNext: { received.append($0) })
            scheduler.start()
            #expect(received == [[CellModel(title: "a")]])
            subscription.dispose()
        }
        #expect(presenter.shown == ["Hello"])

        let service = Service()
        Observable.just(1).subscribe().disposed(by: service.disposeBag)

        let label = TitleLabel()
        let binding = Observable.just("Bound").bind(to: label.rx.title)
        #expect(label.text == "Bound")
        binding.dispose()
    }
}
