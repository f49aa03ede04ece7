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
