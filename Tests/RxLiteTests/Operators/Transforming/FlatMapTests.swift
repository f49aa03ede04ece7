import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct FlatMapTests {
    @Test func mergesInnerSequencesAndWaitsForAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a--b|", values: ["a": 1, "b": 2])
        let result = scheduler.start {
            source.flatMap { value in
                scheduler.createColdObservable("-x--y|", values: ["x": value * 10, "y": value * 100])
            }
        }
        // At 250 the first inner sequence's `y` was scheduled before the second's `x`.
        #expect(result.events == [.next(220, 10), .next(250, 100), .next(250, 20), .next(280, 200), .completed(290)])
    }

    @Test func selectorErrorAndInnerErrorEndTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-c", values: ["a": 1, "b": 2, "c": 3])
        let thrown = scheduler.start {
            source.flatMap { value -> Observable<Int> in
                if value == 2 { throw TestError("selector") }
                return .just(value)
            }
        }
        #expect(thrown.events == [.next(210, 1), .error(230, TestError("selector"))])

        let inner = TestScheduler(initialClock: 0)
        let outer = inner.createHotObservable("^-a", values: ["a": 1])
        let failingInner: TestableObservable<Int> = inner.createColdObservable("--#")
        let failing = inner.start { outer.flatMap { _ in failingInner } }
        #expect(failing.events == [.error(230, TestError())])
    }

    @Test func disposeStopsInnerSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable("-x-x-x-x", values: ["x": 1])
        let source = scheduler.createHotObservable("^-a", values: ["a": 0])
        let result = scheduler.start(disposed: 245) { source.flatMap { _ in inner } }
        #expect(result.events == [.next(220, 1), .next(240, 1)])
        #expect(inner.subscriptions == [Subscription(210, 245)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func synchronousInnerSequencesLeaveNothingBehind() {
        var sum = 0
        let subscription = Observable.from(1...1_000).flatMap { Observable.just($0) }
            .subscribe(onNext: { sum += $0 })
        #expect(sum == 500_500)
        subscription.dispose()
    }

    @Test func innerCleanupRunsWhenInnerCompletesSynchronouslyWithError() {
        var cleanups = 0
        let log = EventLog<Int>()
        Observable.just(1).flatMap { _ in
            Observable<Int>.create { observer in
                observer.onError(SampleError())
                return Disposables.create { cleanups += 1 }
            }
        }.subscribe(log)
        #expect(cleanups == 1)
        #expect(log.error is SampleError)
    }
}
