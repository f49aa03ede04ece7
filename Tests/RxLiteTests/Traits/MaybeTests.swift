import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct MaybeTests {
    @Test(arguments: [
        ("-a|", ["success(1)"]),
        ("-|", ["completed"]),
        ("-a-b|", ["error(Sequence contains more than one element.)"]),
        ("-#", ["error(TestError(test error))"]),
    ])
    func asMaybe(marbles: String, expected: [String]) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable(marbles, values: ["a": 1, "b": 2])
        var outcomes: [String] = []
        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) {
            subscription = source.asMaybe().subscribe { event in
                switch event {
                case .success(let element): outcomes.append("success(\(element))")
                case .error(let error): outcomes.append("error(\(error))")
                case .completed: outcomes.append("completed")
                }
            }
        }
        scheduler.start()
        subscription?.dispose()
        #expect(outcomes == expected)
    }

    @Test func createEmptyJustAndSubscribeClosures() {
        var outcomes: [String] = []
        let record = { (maybe: Maybe<Int>) in
            _ = maybe.subscribe(
                onSuccess: { outcomes.append("success(\($0))") }, onError: { _ in outcomes.append("failure") },
                onCompleted: { outcomes.append("completed") })
        }
        record(.just(1))
        record(.empty())
        record(.error(TestError()))
        record(
            .create { observer in
                observer(.completed)
                observer(.success(2))
                return Disposables.create()
            })
        #expect(outcomes == ["success(1)", "completed", "failure", "completed"])
        var completed = 0
        Maybe.just(1).map { $0 + 1 }.asCompletable().subscribe(onCompleted: { completed += 1 })
        #expect(completed == 1)
    }
}
