import RxLite
import Testing

@Suite(.checksResources) struct CompactMapTests {
    @Test func emitsNonNilResults() {
        expectNoLeaks {
            let events = Observable.of("1", "x", "3").compactMap { Int($0) }.collect()
            #expect(events == [.next(1), .next(3), .completed])
        }
    }

    @Test func forwardsSourceError() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).compactMap { $0 }.collect()
            #expect(events == [.error(.boom)])
        }
    }

    @Test func thrownErrorEndsTheSequence() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).compactMap { value -> Int? in
                if value == 2 { throw TestFailure.boom }
                return value
            }.collect()
            #expect(events == [.next(1), .error(.boom)])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.compactMap { $0 } }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.compactMap { $0 } }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            let events = Observable.repeatElement(1).compactMap { $0 }.take(2).collect()
            #expect(events == [.next(1), .next(1), .completed])
        }
    }
}
