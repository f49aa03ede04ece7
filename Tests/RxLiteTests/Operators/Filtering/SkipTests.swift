import RxLite
import Testing

@Suite(.checksResources) struct SkipTests {
    @Test func dropsTheFirstElements() {
        expectNoLeaks {
            #expect(Observable.of(1, 2, 3).skip(2).collect() == [.next(3), .completed])
            #expect(Observable.of(1, 2).skip(0).collect() == [.next(1), .next(2), .completed])
            #expect(Observable.of(1, 2).skip(5).collect() == [.completed])
        }
    }

    @Test func forwardsErrors() {
        expectNoLeaks {
            #expect(Observable<Int>.error(TestFailure.boom).skip(1).collect() == [.error(.boom)])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.skip(1) }, before: [1, 2], after: [3])
            #expect(result.events == [.next(2)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.skip(1) }, elements: [1, 2, 3])
            #expect(result.events == [.next(2)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            #expect(Observable.repeatElement(1).skip(3).take(1).collect() == [.next(1), .completed])
        }
    }

    @Test func skipWhileDropsUntilThePredicateFailsOnce() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 5, 1, 6).skip(while: { $0 < 3 }).collect()
            #expect(events == [.next(5), .next(1), .next(6), .completed])
        }
    }

    @Test func skipWhileStopsCallingThePredicate() {
        expectNoLeaks {
            var calls = 0
            _ = Observable.of(1, 5, 1, 1).skip(while: {
                calls += 1
                return $0 < 3
            }).collect()
            #expect(calls == 2)
        }
    }

    @Test func skipWhileForwardsErrorsAndThrows() {
        expectNoLeaks {
            #expect(Observable<Int>.error(TestFailure.boom).skip(while: { _ in true }).collect() == [.error(.boom)])
            let throwing = Observable.of(1, 2).skip(while: { _ in throw TestFailure.other }).collect()
            #expect(throwing == [.error(.other)])
        }
    }

    @Test func skipWhileDisposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.skip(while: { $0 < 2 }) }, before: [1, 2], after: [3])
            #expect(result.events == [.next(2)])
            #expect(result.sourceDisposals == 1)
        }
    }
}
