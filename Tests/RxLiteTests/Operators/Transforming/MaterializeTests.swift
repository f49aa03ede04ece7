import RxLite
import Testing

@Suite(.checksResources) struct MaterializeTests {
    @Test func materializeTurnsEveryEventIntoAnElement() {
        expectNoLeaks {
            let events = Observable.of(1, 2).materialize().map { Seen($0) }.collect()
            #expect(events == [.next(.next(1)), .next(.next(2)), .next(.completed), .completed])
        }
    }

    @Test func materializeTurnsAnErrorIntoAnElementAndCompletes() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).materialize().map { Seen($0) }.collect()
            #expect(events == [.next(.error(.boom)), .completed])
        }
    }

    @Test func dematerializeRestoresTheEvents() {
        expectNoLeaks {
            let events = Observable.of(1, 2).materialize().dematerialize().collect()
            #expect(events == [.next(1), .next(2), .completed])
            let failing = Observable<Int>.error(TestFailure.boom).materialize().dematerialize().collect()
            #expect(failing == [.error(.boom)])
        }
    }

    @Test func dematerializeEndsAtTheFirstTerminalElement() {
        expectNoLeaks {
            let events = Observable<Event<Int>>.of(.next(1), .error(TestFailure.boom), .next(2), .completed)
                .dematerialize().collect()
            #expect(events == [.next(1), .error(.boom)])
        }
    }

    @Test func dematerializeDropsWhatTheSourceSendsAfterATerminalElement() {
        expectNoLeaks {
            let source = ManualSource<Event<Int>>()
            let log = SeenLog<Int>()
            // `materialize` swallows the sequence's end, so the manual source is the only thing that can still
            // talk after the carried terminal; it must not get through.
            let subscription = source.observable.dematerialize().subscribe { log.on($0) }
            source.onNext(.completed)
            source.onNext(.next(1))
            source.onError(TestFailure.boom)
            #expect(log.events == [.completed])
            #expect(source.disposeCount == 1)
            subscription.dispose()
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.materialize().dematerialize() }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.materialize().map { Seen($0) } }, elements: [1, 2])
            #expect(result.events == [.next(.next(1))])
            #expect(result.sourceDisposals == 1)
        }
    }
}
