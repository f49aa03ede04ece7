import RxLite
import Testing

@Suite(.checksResources) struct ToArrayTests {
    @Test func emitsAllElementsOnCompletion() {
        expectNoLeaks {
            #expect(Observable.of(1, 2, 3).toArray().asObservable().collect() == [.next([1, 2, 3]), .completed])
        }
    }

    @Test func emptySourceEmitsAnEmptyArray() {
        expectNoLeaks {
            #expect(Observable<Int>.empty().toArray().asObservable().collect() == [.next([]), .completed])
        }
    }

    @Test func forwardsSourceError() {
        expectNoLeaks {
            let events = Observable.of(1).concat(Observable.error(TestFailure.boom)).toArray().asObservable()
                .collect()
            #expect(events == [.error(.boom)])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.toArray().asObservable() }, before: [1, 2], after: [3])
            #expect(result.events == [])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.toArray().asObservable() }, elements: [1, 2])
            #expect(result.events == [.next([1, 2])])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func worksAfterTakeOnAnEndlessSource() {
        expectNoLeaks {
            #expect(
                Observable.repeatElement(4).take(3).toArray().asObservable().collect() == [
                    .next([4, 4, 4]), .completed,
                ])
        }
    }
}
