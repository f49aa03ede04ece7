import RxLite
import Testing

@Suite(.checksResources) struct MapTests {
    @Test func emitsTheTransformOfEachElement() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).map { $0 * 10 }.collect()
            #expect(events == [.next(10), .next(20), .next(30), .completed])
        }
    }

    @Test func changesTheElementType() {
        expectNoLeaks {
            let events = Observable.of(1, 2).map { "#\($0)" }.collect()
            #expect(events == [.next("#1"), .next("#2"), .completed])
        }
    }

    @Test func forwardsSourceError() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).map { $0 + 1 }.collect()
            #expect(events == [.error(.boom)])
        }
    }

    @Test func thrownErrorEndsTheSequence() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).map { value -> Int in
                if value == 2 { throw TestFailure.boom }
                return value
            }.collect()
            #expect(events == [.next(1), .error(.boom)])
        }
    }

    @Test func thrownErrorReleasesTheSourceAndStopsCallingTheTransform() {
        expectNoLeaks {
            var calls = 0
            let result = eventsAroundDispose(
                {
                    $0.map { value -> Int in
                        calls += 1
                        if value == 2 { throw TestFailure.boom }
                        return value
                    }
                }, before: [1, 2, 3], after: [4])
            #expect(result.events == [.next(1), .error(.boom)])
            #expect(result.sourceDisposals == 1)
            #expect(calls == 2)
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.map { $0 * 2 } }, before: [1], after: [2])
            #expect(result.events == [.next(2)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.map { $0 * 2 } }, elements: [1, 2])
            #expect(result.events == [.next(2)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            let events = Observable.repeatElement(1).map { $0 + 1 }.take(2).collect()
            #expect(events == [.next(2), .next(2), .completed])
        }
    }

    @Test func eachSubscriptionRunsTheTransformAgain() {
        expectNoLeaks {
            var calls = 0
            let mapped = Observable.of(1, 2).map { value -> Int in
                calls += 1
                return value
            }
            _ = mapped.collect()
            _ = mapped.collect()
            #expect(calls == 4)
        }
    }
}
