import RxLite
import Testing

@Suite(.checksResources) struct FilterTests {
    @Test func emitsTheElementsThePredicateAccepts() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3, 4).filter { $0 % 2 == 0 }.collect()
            #expect(events == [.next(2), .next(4), .completed])
        }
    }

    @Test func completesWhenNothingPasses() {
        expectNoLeaks {
            #expect(Observable.of(1, 3).filter { $0 % 2 == 0 }.collect() == [.completed])
        }
    }

    @Test func forwardsSourceError() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).filter { _ in true }.collect()
            #expect(events == [.error(.boom)])
        }
    }

    @Test func thrownErrorEndsTheSequence() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).filter { value -> Bool in
                if value == 2 { throw TestFailure.boom }
                return true
            }.collect()
            #expect(events == [.next(1), .error(.boom)])
        }
    }

    @Test func thrownErrorReleasesTheSourceAndStopsCallingThePredicate() {
        expectNoLeaks {
            var calls = 0
            let result = eventsAroundDispose(
                {
                    $0.filter { value -> Bool in
                        calls += 1
                        if value == 2 { throw TestFailure.boom }
                        return true
                    }
                }, before: [1, 2, 3], after: [4])
            #expect(result.events == [.next(1), .error(.boom)])
            #expect(result.sourceDisposals == 1)
            #expect(calls == 2)
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.filter { _ in true } }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.filter { _ in true } }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            let events = Observable.repeatElement(2).filter { $0 % 2 == 0 }.take(2).collect()
            #expect(events == [.next(2), .next(2), .completed])
        }
    }
}
