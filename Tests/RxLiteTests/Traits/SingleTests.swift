import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct SingleTests {
    @Test func createDeliversTheFirstResultOnly() {
        var results: [String] = []
        var cleanedUp = 0
        Single<Int>.create { observer in
            observer(.success(1))
            observer(.success(2))
            observer(.failure(TestError()))
            return Disposables.create { cleanedUp += 1 }
        }
        .subscribe(onSuccess: { results.append("success(\($0))") }, onFailure: { results.append("\($0)") })
        #expect(results == ["success(1)"])
        #expect(cleanedUp == 1)
    }

    @Test func subscribeWithAResultObserver() {
        var results: [Result<Int, TestError>] = []
        let record: (SingleEvent<Int>) -> Void = { results.append($0.mapError { $0 as! TestError }) }
        Single.just(1).subscribe(record)
        Single<Int>.error(TestError("x")).subscribe(record)
        #expect(results == [.success(1), .failure(TestError("x"))])
    }

    @Test(
        arguments: [
            ("-a|", [Recorded.next(220, 1), .completed(220)]),
            ("-|", [.error(210, RxError.noElements)]),
            ("-a-b|", [.error(230, RxError.moreThanOneElement)]),
            ("-a-#", [.error(230, TestError())]),
        ] as [(String, [Recorded<Event<Int>>])])
    func asSingle(marbles: String, expected: [Recorded<Event<Int>>]) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable(marbles, values: ["a": 1, "b": 2])
        let result = scheduler.start { source.asSingle() }
        #expect(result.events.map(\.time) == expected.map(\.time))
        #expect(result.events.map(\.value.summary) == expected.map(\.value.summary))
        // A second element ends the subscription at once.
        #expect(source.subscriptions.count == 1)
    }

    @Test func mapAndFlatMap() {
        var values: [String] = []
        Single.just(2).map { $0 * 10 }.flatMap { value in Single.just("\(value)") }
            .subscribe(onSuccess: { values.append($0) })
        #expect(values == ["20"])
        var failure: (any Error)?
        Single.just(1).map { _ -> Int in throw TestError("map") }.subscribe(onFailure: { failure = $0 })
        #expect(failure as? TestError == TestError("map"))
    }

    @Test func disposeBeforeTheResultCancels() {
        let subject = PublishSubject<Int>()
        var results = 0
        var disposed = 0
        let subscription = subject.asSingle().subscribe(
            onSuccess: { _ in results += 1 }, onDisposed: { disposed += 1 })
        subject.onNext(1)
        subscription.dispose()
        subject.onCompleted()
        #expect(results == 0)
        #expect(disposed == 1)
        #expect(!subject.hasObservers)
    }

    @Test func subscribeWithHoldsTheObjectWeakly() {
        final class Owner {
            var value = 0
        }
        let owner = Owner()
        Single.just(5).subscribe(with: owner, onSuccess: { owner, value in owner.value = value })
        #expect(owner.value == 5)
    }

    @Test func deferredAndConversions() {
        var made = 0
        let single = Single<Int>.deferred {
            made += 1
            return .just(made)
        }
        var maybe: [String] = []
        single.asMaybe().subscribe(onSuccess: { maybe.append("success(\($0))") }, onCompleted: { maybe.append("c") })
        var completed = 0
        single.asCompletable().subscribe(onCompleted: { completed += 1 })
        #expect(made == 2)
        #expect(maybe == ["success(1)"])
        #expect(completed == 1)
    }
}

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
