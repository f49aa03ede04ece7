import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct CompletableTests {
    @Test func createAndSubscribe() {
        var outcomes: [String] = []
        let record: (CompletableEvent) -> Void = { event in
            switch event {
            case .completed: outcomes.append("completed")
            case .error(let error): outcomes.append("error(\(error))")
            }
        }
        Completable.create { observer in
            observer(.completed)
            observer(.error(TestError()))
            return Disposables.create()
        }.subscribe(record)
        Completable.error(TestError("x")).subscribe(record)
        Completable.empty().subscribe(record)
        #expect(outcomes == ["completed", "error(TestError(x))", "completed"])
    }

    @Test func asCompletableFromIgnoredElements() {
        let subject = PublishSubject<Int>()
        var completed = 0
        var errors = 0
        let subscription = subject.ignoreElements().asCompletable()
            .subscribe(onCompleted: { completed += 1 }, onError: { _ in errors += 1 })
        subject.onNext(1)
        subject.onCompleted()
        #expect(completed == 1)
        #expect(errors == 0)
        subscription.dispose()
    }

    @Test func andThenRunsTheNextOneAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable("--|", values: [Character: Never]())
        let second = scheduler.createColdObservable("-a|", values: ["a": 1])
        let result = scheduler.start { first.asCompletable().andThen(second.asSingle()).asObservable() }
        #expect(result.events == [.next(240, 1), .completed(240)])
        #expect(first.subscriptions == [Subscription(200, 220)])
        #expect(second.subscriptions == [Subscription(220, 240)])
    }

    @Test func andThenStopsAtAnError() {
        var errors: [String] = []
        var subscribed = 0
        let next = Completable.deferred {
            subscribed += 1
            return .empty()
        }
        Completable.error(TestError()).andThen(next).subscribe(onError: { errors.append("\($0)") })
        Completable.empty().andThen(next).andThen(next).subscribe()
        #expect(errors == ["TestError(test error)"])
        #expect(subscribed == 2)
    }
}
