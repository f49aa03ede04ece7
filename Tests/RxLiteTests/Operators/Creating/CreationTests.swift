import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct CreationTests {
    @Test func createReleasesItsSourceWhenItEndsNotWhenTheChainIsDisposed() {
        // The example: a delayed end must not delay the source's cleanup.
        let scheduler = TestScheduler()
        var cleanedUpAt: [Int] = []
        let source = Observable<Int>.create { observer in
            scheduler.scheduleAt(400) { observer.onCompleted() }
            return Disposables.create { cleanedUpAt.append(scheduler.clock) }
        }
        let res = scheduler.start { source.delay(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.completed(500)])
        #expect(cleanedUpAt == [400])
    }

    @Test func createReleasesASourceThatEndsDuringSubscribeOnce() {
        var disposals = 0
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { disposals += 1 }
        }
        let log = EventLog<Int>()
        let subscription = source.concat(Observable.never()).subscribe(log)
        #expect(disposals == 1)
        #expect(log.elements == [1])
        subscription.dispose()
        #expect(disposals == 1)
    }

    @Test func disposingACreateThatEndedDoesNotDisposeItsSourceAgain() {
        let scheduler = TestScheduler()
        var disposals = 0
        let source = Observable<Int>.create { observer in
            scheduler.scheduleAt(300) { observer.onCompleted() }
            return Disposables.create { disposals += 1 }
        }
        let res = scheduler.start(disposed: 700) { source.delay(.seconds(500), scheduler: scheduler) }
        #expect(res.events == [])
        #expect(disposals == 1)
    }

    @Test func createDeliversAndRunsItsDisposableOnce() {
        var disposals = 0
        let log = EventLog<Int>()
        let observable = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            observer.onNext(3)
            observer.onError(SampleError())
            return Disposables.create { disposals += 1 }
        }
        observable.subscribe(log)
        #expect(log.events.map(\.summary) == ["next(1)", "next(2)", "completed"])
        #expect(disposals == 1)
        #expect(log.contractViolations == 0)
    }

    @Test func createIgnoresLateEventsAfterDispose() {
        var stored: AnyObserver<Int>?
        var disposals = 0
        let log = EventLog<Int>()
        let subscription = Observable<Int>.create { observer in
            stored = observer
            return Disposables.create { disposals += 1 }
        }.subscribe(log)
        stored?.onNext(1)
        subscription.dispose()
        subscription.dispose()
        stored?.onNext(2)
        stored?.onCompleted()
        #expect(log.elements == [1])
        #expect(disposals == 1)
        stored = nil
    }

    @Test func justOfFromEmptyNeverError() {
        let just = EventLog<Int>()
        Observable.just(1).subscribe(just)
        #expect(just.events.map(\.summary) == ["next(1)", "completed"])

        let of = EventLog<Int>()
        Observable.of(1, 2, 3).subscribe(of)
        #expect(of.events.map(\.summary) == ["next(1)", "next(2)", "next(3)", "completed"])

        let from = EventLog<String>()
        Observable.from(["a", "b"]).subscribe(from)
        #expect(from.events.map(\.summary) == ["next(a)", "next(b)", "completed"])

        let optional = EventLog<Int>()
        Observable.from(optional: Int?.none).subscribe(optional)
        #expect(optional.events.map(\.summary) == ["completed"])

        let empty = EventLog<Int>()
        Observable<Int>.empty().subscribe(empty)
        #expect(empty.events.map(\.summary) == ["completed"])

        let never = EventLog<Int>()
        let neverSubscription = Observable<Int>.never().subscribe(never)
        #expect(never.events.isEmpty)
        neverSubscription.dispose()

        let error = EventLog<Int>()
        Observable<Int>.error(SampleError(code: 3)).subscribe(error)
        #expect(error.events.map(\.summary) == ["error(SampleError(code: 3))"])
    }

    @Test func fromStopsIteratingWhenTheObserverDisposes() {
        var pulled = 0
        let endless = AnySequence { () -> AnyIterator<Int> in
            AnyIterator {
                pulled += 1
                return pulled
            }
        }
        var received: [Int] = []
        _ = Observable.from(endless).take(3).subscribe(onNext: { received.append($0) })
        #expect(received == [1, 2, 3])
        #expect(pulled == 3)
    }

    @Test func schedulerFormsEmitOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let result = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        #expect(result.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
        let justScheduler = TestScheduler(initialClock: 0)
        let just = justScheduler.start { Observable.just(9, scheduler: justScheduler) }
        // The completion is a second scheduled action, as RxSwift's testJust_Basic records.
        #expect(just.events == [.next(201, 9), .completed(202)])
    }

    @Test func justOnASchedulerDisposedAfterItsElementDoesNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        var subscription: (any Disposable)?
        scheduler.scheduleAt(100) {
            subscription = Observable.just(42, scheduler: scheduler).subscribe(onNext: { element in
                observer.onNext(element)
                subscription?.dispose()
            })
        }
        scheduler.start()
        #expect(observer.events == [.next(101, 42)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func generateIteratesOnlyWhenTheNextStateIsNeeded() {
        // RxSwift's testGenerate_take: take(4) calls iterate three times.
        var iterations = 0
        let taken = Observable.generate(initialState: 0, condition: { _ in true }) { state -> Int in
            iterations += 1
            return state + 1
        }.take(4).collect()
        #expect(taken == [.next(0), .next(1), .next(2), .next(3), .completed])
        #expect(iterations == 3)
    }

    @Test func aThrowingIterateFailsInPlaceOfTheElementItWouldMake() {
        // RxSwift's testGenerate_ThrowIterate: [.next(201, 0), .error(202)].
        let scheduler = TestScheduler(initialClock: 0)
        let result = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { _ -> Int in
                throw TestError("iterate")
            }
        }
        #expect(result.events == [.next(201, 0), .error(202, TestError("iterate"))])
        let immediate = Observable.generate(initialState: 0, condition: { _ in true }) { _ -> Int in
            throw TestError("iterate")
        }.take(1).collect()
        #expect(immediate == [.next(0), .completed])
    }

    @Test func deferredCallsTheFactoryPerSubscription() {
        var calls = 0
        let deferred = Observable<Int>.deferred {
            calls += 1
            if calls == 2 { throw SampleError() }
            return .just(calls)
        }
        let first = EventLog<Int>()
        let second = EventLog<Int>()
        deferred.subscribe(first)
        deferred.subscribe(second)
        #expect(first.elements == [1])
        #expect(second.error is SampleError)
    }

    @Test func rangeRepeatElementGenerate() {
        let range = EventLog<Int>()
        Observable.range(start: 5, count: 3).subscribe(range)
        #expect(range.events.map(\.summary) == ["next(5)", "next(6)", "next(7)", "completed"])

        var repeated: [String] = []
        _ = Observable.repeatElement("x").take(4).subscribe(onNext: { repeated.append($0) })
        #expect(repeated == ["x", "x", "x", "x"])

        let generated = EventLog<Int>()
        Observable.generate(initialState: 1, condition: { $0 < 50 }, iterate: { $0 * 3 }).subscribe(generated)
        #expect(generated.elements == [1, 3, 9, 27])
        #expect(generated.isCompleted)

        let failing = EventLog<Int>()
        Observable.generate(
            initialState: 0, condition: { _ in true },
            iterate: { value in
                if value == 2 { throw SampleError() }
                return value + 1
            }
        ).subscribe(failing)
        #expect(failing.events.map(\.summary) == ["next(0)", "next(1)", "next(2)", "error(SampleError(code: 1))"])
    }

    @Test func timerWithoutPeriodEmitsZeroAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let result = scheduler.start { Observable<Int>.timer(.seconds(30), scheduler: scheduler) }
        #expect(result.events == [.next(230, 0), .completed(230)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func intervalStopsWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let result = scheduler.start(disposed: 235) { Observable<Int>.interval(.seconds(10), scheduler: scheduler) }
        #expect(result.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
        #expect(scheduler.pendingCount == 0)
    }
}
