import RxLite
import RxLiteTest
import Testing

/// Virtual-time tests of the operators `Single` shares with `Maybe` and `Completable`, and of Single's own.
@Suite(.checksResources) struct SingleOperatorTests {
    let scheduler = TestScheduler()

    /// A single that succeeds with `element` `frames` frames after it is subscribed.
    func single(_ element: Int, afterFrames frames: Int = 1) -> (TestableObservable<Int>, Single<Int>) {
        let source = scheduler.createColdObservable(
            String(repeating: "-", count: frames) + "(a|)", values: ["a": element])
        return (source, source.asSingle())
    }

    /// A single that fails with `error` `frames` frames after it is subscribed.
    func failing(_ error: any Error = TestError(), afterFrames frames: Int = 1) -> (
        TestableObservable<Int>, Single<Int>
    ) {
        let source = scheduler.createColdObservable(
            String(repeating: "-", count: frames) + "#", values: [:] as [Character: Int], error: error)
        return (source, source.asSingle())
    }

    @Test func observeOnDeliversTheOutcomeOnTheScheduler() {
        let (_, source) = single(1)
        let res = scheduler.start { source.observe(on: self.scheduler) }
        // As RxSwift on a virtual-time scheduler: one event per scheduled action, the end a tick after the value.
        #expect(res.events == [.next(211, 1), .completed(212)])
    }

    @Test func subscribeOnSubscribesOnTheScheduler() {
        let (cold, source) = single(1)
        let res = scheduler.start { source.subscribe(on: self.scheduler) }
        #expect(res.events == [.next(211, 1), .completed(211)])
        // Disposed through the scheduler, a tick after the end, as RxSwift's is.
        #expect(cold.subscriptions == [Subscription(201, 212)])
    }

    @Test func catchSwitchesToTheHandlersSingleAndReleasesTheFailedOne() {
        let (failed, source) = failing()
        let (fallback, other) = single(2)
        let res = scheduler.start { source.catch { _ in other } }
        #expect(res.events == [.next(220, 2), .completed(220)])
        #expect(failed.subscriptions == [Subscription(200, 210)])
        #expect(fallback.subscriptions == [Subscription(210, 220)])
    }

    @Test func catchEmitsAnErrorTheHandlerThrows() {
        let (_, source) = failing()
        let res = scheduler.start { source.catch { _ in throw TestError("handler") } }
        #expect(res.events == [.error(210, TestError("handler"))])
    }

    @Test func catchAndReturnReplacesAnError() {
        let (_, source) = failing()
        let res = scheduler.start { source.catchAndReturn(7) }
        #expect(res.events == [.next(210, 7), .completed(210)])
        #expect(TestScheduler().start { Single.just(1).catchAndReturn(7) }.events == [.next(200, 1), .completed(200)])
    }

    @Test func retrySubscribesAgainUntilTheAttemptsRunOut() {
        let (cold, source) = failing()
        let res = scheduler.start { source.retry(3) }
        #expect(res.events == [.error(230, TestError())])
        #expect(cold.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    @Test func retryStopsAtTheFirstSuccess() {
        var attempts = 0
        let source = Single<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(TestError()) : .just(attempts)
        }
        let res = scheduler.start { source.retry(5) }
        #expect(res.events == [.next(200, 3), .completed(200)])
    }

    @Test func retryWhenResubscribesWhenTheTriggerEmits() {
        let (cold, source) = failing()
        let res = scheduler.start {
            source.retry { (errors: Observable<TestError>) in
                errors.flatMap { _ in Observable<Int>.timer(.seconds(5), scheduler: self.scheduler) }
            }
        }
        #expect(res.events == [])
        #expect(
            cold.subscriptions.prefix(3) == [Subscription(200, 210), Subscription(215, 225), Subscription(230, 240)])
        #expect(cold.subscriptions.last == Subscription(995, 1000))
    }

    @Test func retryWhenFailsWhenTheTriggerFails() {
        let (_, source) = failing(TestError("source"))
        let res = scheduler.start {
            source.retry { (errors: Observable<any Error>) in
                errors.flatMap { _ in Observable<Int>.error(TestError("trigger")) }
            }
        }
        #expect(res.events == [.error(210, TestError("trigger"))])
    }

    @Test func retryWhenCompletesWhenTheTriggerCompletes() {
        let (cold, source) = failing()
        let res = scheduler.start {
            source.retry { (errors: Observable<any Error>) in errors.take(1).ignoreElements() }
        }
        #expect(res.events == [.completed(210)])
        #expect(cold.subscriptions == [Subscription(200, 210)])
    }

    @Test func retryWhenKeepsAnEarlyTriggerEndForTheNextFailure() {
        let (cold, source) = failing()
        // The trigger completes before any failure: RxSwift observes it through a subject, so the source's first
        // failure meets the completed trigger and the result completes.
        let res = scheduler.start { source.retry { (_: Observable<TestError>) in Observable<Int>.empty() } }
        #expect(res.events == [.completed(210)])
        #expect(cold.subscriptions == [Subscription(200, 210)])
    }

    @Test func retryWhenEmitsOtherErrorTypesAtOnce() {
        struct Unrelated: Error {}
        let (_, source) = failing(TestError("other type"))
        var handed = 0
        let res = scheduler.start {
            source.retry { (errors: Observable<Unrelated>) in errors.do(onNext: { _ in handed += 1 }) }
        }
        #expect(res.events == [.error(210, TestError("other type"))])
        #expect(handed == 0)
    }

    @Test func retryWhenReleasesTheTriggerOnDispose() {
        let trigger = scheduler.createHotObservable("^----------", values: [:] as [Character: Int])
        let (_, source) = failing()
        let res = scheduler.start(disposed: 300) { source.retry { (_: Observable<TestError>) in trigger } }
        #expect(res.events == [])
        #expect(trigger.subscriptions == [Subscription(200, 300)])
    }

    @Test func timeoutFailsWhenTheOutcomeIsLate() {
        let (cold, source) = single(1, afterFrames: 5)
        let res = scheduler.start { source.timeout(.seconds(30), scheduler: self.scheduler) }
        #expect(res.events == [.error(230, RxError.timeout)])
        #expect(cold.subscriptions == [Subscription(200, 230)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func timeoutPassesAnOutcomeInTime() {
        let (_, source) = single(1, afterFrames: 2)
        let res = scheduler.start { source.timeout(.seconds(30), scheduler: self.scheduler) }
        #expect(res.events == [.next(220, 1), .completed(220)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func timeoutSwitchesToTheOtherSingle() {
        let (cold, source) = single(1, afterFrames: 5)
        let (otherCold, other) = single(2)
        let res = scheduler.start { source.timeout(.seconds(30), other: other, scheduler: self.scheduler) }
        #expect(res.events == [.next(240, 2), .completed(240)])
        #expect(cold.subscriptions == [Subscription(200, 230)])
        #expect(otherCold.subscriptions == [Subscription(230, 240)])
    }

    @Test func delayShiftsTheSuccessButNotAnError() {
        let (_, source) = single(1)
        // As RxSwift: the timer delivers one event per firing, so the end, due with the value, comes a tick later.
        #expect(
            scheduler.start { source.delay(.seconds(20), scheduler: self.scheduler) }.events
                == [.next(230, 1), .completed(231)])
        let failedScheduler = TestScheduler()
        let failedSource = failedScheduler.createColdObservable("-#", values: [:] as [Character: Int]).asSingle()
        #expect(
            failedScheduler.start { failedSource.delay(.seconds(20), scheduler: failedScheduler) }.events
                == [.error(210, TestError())])
    }

    @Test func delaySubscriptionSubscribesLater() {
        let (cold, source) = single(1)
        let res = scheduler.start { source.delaySubscription(.seconds(30), scheduler: self.scheduler) }
        #expect(res.events == [.next(240, 1), .completed(240)])
        #expect(cold.subscriptions == [Subscription(230, 240)])
    }

    @Test func delaySubscriptionDisposedEarlyNeverSubscribes() {
        let (cold, source) = single(1)
        let res = scheduler.start(disposed: 210) { source.delaySubscription(.seconds(30), scheduler: self.scheduler) }
        #expect(res.events == [])
        #expect(cold.subscriptions == [])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func doCallsItsClosuresInOrder() {
        var calls: [String] = []
        let (_, source) = single(1)
        let res = scheduler.start {
            source.do(
                onSuccess: { calls.append("onSuccess(\($0))") }, afterSuccess: { calls.append("afterSuccess(\($0))") },
                onError: { _ in calls.append("onError") }, afterError: { _ in calls.append("afterError") },
                onSubscribe: { calls.append("onSubscribe") }, onSubscribed: { calls.append("onSubscribed") },
                onDispose: { calls.append("onDispose") })
        }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(calls == ["onSubscribe", "onSubscribed", "onSuccess(1)", "afterSuccess(1)", "onDispose"])
    }

    @Test func doOnErrorAndThrowingOnSuccess() {
        var calls: [String] = []
        let (_, failed) = failing()
        let res = scheduler.start {
            failed.do(onError: { _ in calls.append("onError") }, afterError: { _ in calls.append("afterError") })
        }
        #expect(res.events == [.error(210, TestError())])
        #expect(calls == ["onError", "afterError"])
        let throwing = TestScheduler().start { Single.just(1).do(onSuccess: { _ in throw TestError("do") }) }
        #expect(throwing.events == [.error(200, TestError("do"))])
    }

    @Test func doOnDisposeRunsWhenDisposedBeforeTheOutcome() {
        var disposed = 0
        let (_, source) = single(1, afterFrames: 20)
        let res = scheduler.start(disposed: 250) { source.do(onDispose: { disposed += 1 }) }
        #expect(res.events == [])
        #expect(disposed == 1)
    }

    @Test func debugPassesTheOutcomeThrough() {
        let (_, source) = single(1)
        #expect(scheduler.start { source.debug("single") }.events == [.next(210, 1), .completed(210)])
    }

    @Test func filterAndCompactMapMakeAMaybe() {
        let kept: Maybe<Int> = Single.just(2).filter { $0 > 1 }
        let dropped: Maybe<Int> = Single.just(1).filter { $0 > 1 }
        let mapped: Maybe<String> = Single.just(1).compactMap { $0 > 1 ? nil : "one" }
        let none: Maybe<String> = Single.just(2).compactMap { $0 > 1 ? nil : "one" }
        #expect(TestScheduler().start { kept }.events == [.next(200, 2), .completed(200)])
        #expect(TestScheduler().start { dropped }.events == [.completed(200)])
        #expect(TestScheduler().start { mapped }.events == [.next(200, "one"), .completed(200)])
        #expect(TestScheduler().start { none }.events == [.completed(200)])
        let thrown = TestScheduler().start { Single.just(1).filter { _ in throw TestError("filter") } }
        #expect(thrown.events == [.error(200, TestError("filter"))])
    }

    @Test func flatMapMaybeAndFlatMapCompletable() {
        let (_, source) = single(1)
        let maybe = scheduler.start { source.flatMapMaybe { $0 > 0 ? Maybe.just("\($0)") : .empty() } }
        #expect(maybe.events == [.next(210, "1"), .completed(210)])
        var ran = 0
        let completable = TestScheduler().start {
            Single.just(1).flatMapCompletable { _ in
                Completable.create { observer in
                    ran += 1
                    observer(.completed)
                    return Disposables.create()
                }
            }
        }
        #expect(completable.events == [.completed(200)])
        #expect(ran == 1)
        let failed = TestScheduler().start { Single.just(1).flatMapCompletable { _ in .error(TestError("inner")) } }
        #expect(failed.events == [.error(200, TestError("inner"))])
    }

    @Test func usingDisposesTheResourceAfterTheOutcome() {
        var log: [String] = []
        let (_, source) = single(1)
        let res = scheduler.start {
            Single.using({ SingleTrackedResource { log.append("resource disposed") } }) { _ in
                source.do(onDispose: { log.append("single released") })
            }
        }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(log == ["single released", "resource disposed"])
    }

    @Test func usingDisposesTheResourceOnDisposeAndWhenTheFactoryThrows() {
        var disposed = 0
        let (_, source) = single(1, afterFrames: 20)
        let res = scheduler.start(disposed: 250) {
            Single.using({ SingleTrackedResource { disposed += 1 } }) { _ in source }
        }
        #expect(res.events == [])
        #expect(disposed == 1)
        let thrown = TestScheduler().start {
            Single<Int>.using({ SingleTrackedResource { disposed += 1 } }) { _ in throw TestError("factory") }
        }
        #expect(thrown.events == [.error(200, TestError("factory"))])
        #expect(disposed == 2)
    }

    @Test func timerAndJustOnAScheduler() {
        let timer = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: self.scheduler) }
        #expect(timer.events == [.next(230, 0), .completed(230)])
        let other = TestScheduler()
        let just = other.start { Single.just(5, scheduler: other) }
        #expect(just.events == [.next(201, 5), .completed(202)])
    }

    @Test func firstAndToArrayAreSingles() {
        let first: Single<Int?> = Observable.of(1, 2).first()
        let array: Single<[Int]> = Observable.of(1, 2).toArray()
        var outcomes: [String] = []
        first.subscribe(onSuccess: { outcomes.append("\($0 as Any)") })
        array.subscribe(onSuccess: { outcomes.append("\($0)") })
        Observable<Int>.empty().first().subscribe(onSuccess: { outcomes.append("\($0 as Any)") })
        #expect(outcomes == ["Optional(1)", "[1, 2]", "nil"])
    }
}

/// A resource for `using` that reports its disposal.
final class SingleTrackedResource: Disposable {
    let onDispose: () -> Void

    init(_ onDispose: @escaping () -> Void) {
        self.onDispose = onDispose
    }

    func dispose() { onDispose() }
}
