import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct CatchTests {
    @Test func passesASuccessfulSourceThrough() {
        expectNoLeaks {
            #expect(Observable.of(1, 2).catch { _ in .just(9) }.collect() == [.next(1), .next(2), .completed])
        }
    }

    @Test func switchesToTheHandlersSequenceOnError() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let log = SeenLog<Int>()
            var caught: [String] = []
            source.observable.catch { error in
                caught.append(String(describing: error))
                return .of(8, 9)
            }.subscribe { log.on($0) }
            source.onNext(1)
            source.onError(TestFailure.boom)
            #expect(source.disposeCount == 1)
            #expect(caught == ["boom"])
            #expect(log.events == [.next(1), .next(8), .next(9), .completed])
        }
    }

    @Test func theFallbacksErrorIsEmitted() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).catch { _ in .error(TestFailure.other) }.collect()
            #expect(events == [.error(.other)])
        }
    }

    @Test func aThrowingHandlerEmitsItsError() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).catch { _ in throw TestFailure.other }.collect()
            #expect(events == [.error(.other)])
        }
    }

    @Test func catchAndReturnEmitsTheElementAndCompletes() {
        expectNoLeaks {
            let events = Observable.of(1).concat(Observable.error(TestFailure.boom)).catchAndReturn(0).collect()
            #expect(events == [.next(1), .next(0), .completed])
        }
    }

    @Test func disposeStopsDeliveryFromTheSourceAndTheFallback() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.catchAndReturn(0) }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)

            let source = ManualSource<Int>()
            let fallback = ManualSource<Int>()
            let log = SeenLog<Int>()
            let subscription = source.observable.catch { [unowned fallback] _ in fallback.observable }
                .subscribe { log.on($0) }
            source.onError(TestFailure.boom)
            fallback.onNext(1)
            subscription.dispose()
            fallback.onNext(2)
            #expect(log.events == [.next(1)])
            #expect(fallback.disposeCount == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.catchAndReturn(0) }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessFallback() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).catch { _ in .repeatElement(3) }.take(2).collect()
            #expect(events == [.next(3), .next(3), .completed])
        }
    }

    @Test func virtualTimeSwitchesAtTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-#", values: ["a": 1])
        let fallback = scheduler.createColdObservable("-b|", values: ["b": 2])
        let result = scheduler.start { source.catch { _ in fallback.asObservable() } }
        #expect(result.events == [.next(210, 1), .next(240, 2), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(fallback.subscriptions == [Subscription(230, 250)])
    }
}
