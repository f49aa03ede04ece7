import RxLite
import Testing

@Suite(.checksResources) struct FirstTests {
    @Test func emitsTheFirstElementThenCompletes() {
        expectNoLeaks {
            #expect(Observable.of(1, 2).first().asObservable().collect() == [.next(1), .completed])
        }
    }

    @Test func emitsNilForAnEmptySource() {
        expectNoLeaks {
            #expect(Observable<Int>.empty().first().asObservable().collect() == [.next(nil), .completed])
        }
    }

    @Test func forwardsAnError() {
        expectNoLeaks {
            #expect(Observable<Int>.error(TestFailure.boom).first().asObservable().collect() == [.error(.boom)])
        }
    }

    @Test func stopsAnEndlessSource() {
        expectNoLeaks {
            #expect(Observable.repeatElement(3).first().asObservable().collect() == [.next(3), .completed])
        }
    }

    @Test func ignoresWhatTheSourceSendsAfterward() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let log = SeenLog<Int?>()
            source.observable.first().asObservable().subscribe { log.on($0) }
            source.onNext(1)
            source.onNext(2)
            source.onError(TestFailure.boom)
            #expect(log.events == [.next(1), .completed])
            #expect(source.disposeCount == 1)
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.first().asObservable() }, before: [], after: [1])
            #expect(result.events == [])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNoCompletion() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.first().asObservable() }, elements: [1])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }
}
