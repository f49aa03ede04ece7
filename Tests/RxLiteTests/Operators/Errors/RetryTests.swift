import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct RetryTests {
    /// Fails its first `failures` subscriptions after emitting the attempt number, then emits it and completes.
    func flaky(failures: Int, attempts: @escaping (Int) -> Void = { _ in }) -> Observable<Int> {
        var attempt = 0
        return Observable.deferred {
            attempt += 1
            attempts(attempt)
            if attempt <= failures { return Observable.just(attempt).concat(Observable.error(TestFailure.boom)) }
            return .just(attempt)
        }
    }

    @Test func resubscribesUntilTheSourceSucceeds() {
        expectNoLeaks {
            #expect(flaky(failures: 2).retry().collect() == [.next(1), .next(2), .next(3), .completed])
            #expect(flaky(failures: 2).retry(3).collect() == [.next(1), .next(2), .next(3), .completed])
        }
    }

    @Test func emitsTheLastErrorWhenAttemptsRunOut() {
        expectNoLeaks {
            #expect(flaky(failures: 5).retry(2).collect() == [.next(1), .next(2), .error(.boom)])
            #expect(flaky(failures: 5).retry(1).collect() == [.next(1), .error(.boom)])
        }
    }

    @Test func retryZeroCompletesWithoutSubscribing() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            #expect(source.observable.retry(0).collect() == [.completed])
            #expect(source.subscribeCount == 0)
        }
    }

    @Test func synchronousFailuresDoNotGrowTheStack() {
        expectNoLeaks {
            var attempts = 0
            let events = Observable<Int>.deferred {
                attempts += 1
                return .error(TestFailure.boom)
            }.retry(100_000).collect()
            #expect(events == [.error(.boom)])
            #expect(attempts == 100_000)
            #expect(Observable<Int>.error(TestFailure.other).retry(100_000).collect() == [.error(.other)])
        }
    }

    @Test func releasesEachFailedAttempt() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let log = SeenLog<Int>()
            source.observable.retry().subscribe { log.on($0) }
            source.onError(TestFailure.boom)
            #expect(source.disposeCount == 1)
            #expect(source.subscribeCount == 2)
            source.onNext(1)
            source.onCompleted()
            #expect(log.events == [.next(1), .completed])
            #expect(source.disposeCount == 2)
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.retry() }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfStopsRetrying() {
        expectNoLeaks {
            var attempts = 0
            let log = SeenLog<Int>()
            var subscription: (any Disposable)?
            let source = ManualSource<Int>()
            subscription = source.observable.do(onSubscribe: { attempts += 1 }).retry().subscribe { event in
                log.on(event)
                subscription?.dispose()
            }
            source.onNext(1)
            source.onError(TestFailure.boom)
            #expect(log.events == [.next(1)])
            #expect(attempts == 1)
            #expect(source.disposeCount == 1)
            subscription = nil
        }
    }

    @Test func takeStopsAnEndlessRetry() {
        expectNoLeaks {
            let events = Observable.just(1).concat(Observable.error(TestFailure.boom)).retry().take(3).collect()
            #expect(events == [.next(1), .next(1), .next(1), .completed])
        }
    }

    @Test func virtualTimeResubscribesAfterEachError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable("-a-#", values: ["a": 1], error: TestFailure.boom)
        let result = scheduler.start { source.retry(3) }
        #expect(
            result.events == [.next(210, 1), .next(240, 1), .next(270, 1), .error(290, TestFailure.boom)])
        #expect(source.subscriptions == [Subscription(200, 230), Subscription(230, 260), Subscription(260, 290)])
    }
}
