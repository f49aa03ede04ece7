import RxLite
import Testing

@Suite(.checksResources) struct StartWithTests {
    @Test func emitsTheGivenElementsFirst() {
        expectNoLeaks {
            let events = Observable.of(3, 4).startWith(1, 2).collect()
            #expect(events == [.next(1), .next(2), .next(3), .next(4), .completed])
        }
    }

    @Test func chainedCallsPrependInReverseOrder() {
        expectNoLeaks {
            let events = Observable.of(3).startWith(2).startWith(1).collect()
            #expect(events == [.next(1), .next(2), .next(3), .completed])
        }
    }

    @Test func forwardsSourceError() {
        expectNoLeaks {
            let events = Observable<Int>.error(TestFailure.boom).startWith(1).collect()
            #expect(events == [.next(1), .error(.boom)])
        }
    }

    @Test func doesNotSubscribeTheSourceWhenEndedDuringTheStartElements() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let events = source.observable.startWith(1, 2).take(1).collect()
            #expect(events == [.next(1), .completed])
            #expect(source.subscribeCount == 0)
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.startWith(0) }, before: [1], after: [2])
            #expect(result.events == [.next(0), .next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            let events = Observable.repeatElement(1).startWith(0).take(3).collect()
            #expect(events == [.next(0), .next(1), .next(1), .completed])
        }
    }
}
