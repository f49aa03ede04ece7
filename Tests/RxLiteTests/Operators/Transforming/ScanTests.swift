import RxLite
import Testing

@Suite(.checksResources) struct ScanTests {
    @Test func emitsEveryIntermediateResult() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).scan(0) { $0 + $1 }.collect()
            #expect(events == [.next(1), .next(3), .next(6), .completed])
        }
    }

    @Test func intoMutatesInPlace() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) }.collect()
            #expect(events == [.next([1]), .next([1, 2]), .next([1, 2, 3]), .completed])
        }
    }

    @Test func everySubscriptionStartsFromTheSeed() {
        expectNoLeaks {
            let sums = Observable.of(1, 2).scan(10) { $0 + $1 }
            #expect(sums.collect() == [.next(11), .next(13), .completed])
            #expect(sums.collect() == [.next(11), .next(13), .completed])
        }
    }

    @Test func forwardsSourceError() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).scan(0) { $0 + $1 }.collect()
            #expect(events == [.error(.boom)])
        }
    }

    @Test func thrownErrorEndsTheSequence() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).scan(0) { sum, value in
                if value == 2 { throw TestFailure.boom }
                return sum + value
            }.collect()
            #expect(events == [.next(1), .error(.boom)])
            let intoEvents = Observable.of(1, 2, 3).scan(into: 0) { sum, value in
                if value == 3 { throw TestFailure.other }
                sum += value
            }.collect()
            #expect(intoEvents == [.next(1), .next(3), .error(.other)])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.scan(0) { $0 + $1 } }, before: [1, 2], after: [3])
            #expect(result.events == [.next(1), .next(3)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.scan(0) { $0 + $1 } }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            let events = Observable.repeatElement(1).scan(0) { $0 + $1 }.take(3).collect()
            #expect(events == [.next(1), .next(2), .next(3), .completed])
        }
    }
}
