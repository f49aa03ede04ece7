import RxLite
import RxLiteTest
import Testing

// The two examples at the top of README.md, verbatim, so the README cannot drift from what compiles and runs.

@MainActor
private final class SearchViewModel {
    let query = BehaviorRelay(value: "")
    let category = BehaviorRelay(value: "All")
    let title: Observable<String>
    private let disposeBag = DisposeBag()

    init() {
        title = Observable.combineLatest(query, category) { query, category in
            query.isEmpty ? "Type to search \(category)" : "\(category): \(query)"
        }
    }

    func bind(_ show: @escaping (String) -> Void) {
        title.subscribe(onNext: show).disposed(by: disposeBag)
    }
}

@Suite(.checksResources) struct ReadmeExamplesTests {
    @MainActor
    @Test func theViewModelExample() {
        var shown: [String] = []
        var viewModel: SearchViewModel? = SearchViewModel()
        viewModel?.bind { shown.append($0) }
        viewModel?.query.accept("swift")
        viewModel?.category.accept("Books")
        #expect(shown == ["Type to search All", "All: swift", "Books: swift"])
        viewModel = nil
    }

    @Test func theMarbleExample() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let result = scheduler.start { source.map { $0 * 10 } }
        #expect(result.events == Recorded.events(fromMarbles: "^-a-b-c|", values: ["a": 10, "b": 20, "c": 30]))
    }
}
