import RxLite
import Testing

@Suite(.checksResources) struct ElementAtTests {
    @Test func emitsTheElementAtTheIndexThenCompletes() {
        expectNoLeaks {
            #expect(Observable.of(5, 6, 7).element(at: 1).collect() == [.next(6), .completed])
            #expect(Observable.of(5, 6, 7).element(at: 0).collect() == [.next(5), .completed])
        }
    }

    @Test func failsWhenTheSourceEndsFirst() {
        expectNoLeaks {
            #expect(Observable.of(5, 6).element(at: 2).collect() == [.error(RxError.argumentOutOfRange)])
            #expect(Observable<Int>.empty().element(at: 0).collect() == [.error(RxError.argumentOutOfRange)])
        }
    }

    @Test func forwardsAnEarlierError() {
        expectNoLeaks {
            #expect(Observable<Int>.error(TestFailure.boom).element(at: 3).collect() == [.error(.boom)])
        }
    }

    @Test func stopsAnEndlessSource() {
        expectNoLeaks {
            #expect(Observable.repeatElement(3).element(at: 100).collect() == [.next(3), .completed])
        }
    }

    @Test func releasesTheSourceAndIgnoresWhatFollows() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let log = SeenLog<Int>()
            source.observable.element(at: 1).subscribe { log.on($0) }
            source.onNext(1)
            source.onNext(2)
            source.onNext(3)
            source.onCompleted()
            #expect(log.events == [.next(2), .completed])
            #expect(source.disposeCount == 1)
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.element(at: 1) }, before: [1], after: [2])
            #expect(result.events == [])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNoCompletion() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.element(at: 0) }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @available(*, deprecated, message: "exercises the deprecated name")
    @Test func elementAtIsTheOlderName() {
        expectNoLeaks {
            #expect(Observable.of(5, 6, 7).elementAt(2).collect() == [.next(7), .completed])
        }
    }
}
