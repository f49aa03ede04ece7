import RxLite
import Testing

@Suite(.checksResources) struct ReduceTests {
    @Test func emitsTheFoldOnCompletion() {
        expectNoLeaks {
            #expect(Observable.of(1, 2, 3).reduce(0, accumulator: +).collect() == [.next(6), .completed])
        }
    }

    @Test func mapResultTransformsTheFold() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).reduce(0, accumulator: +, mapResult: { "sum \($0)" }).collect()
            #expect(events == [.next("sum 6"), .completed])
        }
    }

    @Test func emptySourceEmitsTheSeed() {
        expectNoLeaks {
            #expect(Observable<Int>.empty().reduce(7, accumulator: +).collect() == [.next(7), .completed])
        }
    }

    @Test func emitsNothingBeforeCompletion() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let log = SeenLog<Int>()
            let subscription = source.observable.reduce(0, accumulator: +).subscribe { log.on($0) }
            source.onNext(1)
            source.onNext(2)
            #expect(log.events.isEmpty)
            source.onCompleted()
            #expect(log.events == [.next(3), .completed])
            subscription.dispose()
        }
    }

    @Test func forwardsSourceError() {
        expectNoLeaks {
            let events = Observable.of(1).concat(Observable.error(TestFailure.boom)).reduce(0, accumulator: +)
                .collect()
            #expect(events == [.error(.boom)])
        }
    }

    @Test func thrownErrorsEndTheSequence() {
        expectNoLeaks {
            let accumulatorThrows = Observable.of(1, 2).reduce(0) { _, _ in throw TestFailure.boom }.collect()
            #expect(accumulatorThrows == [.error(.boom)])
            let mapResultThrows = Observable.of(1, 2).reduce(0, accumulator: +) { _ -> Int in
                throw TestFailure.other
            }.collect()
            #expect(mapResultThrows == [.error(.other)])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.reduce(0, accumulator: +) }, before: [1, 2], after: [3])
            #expect(result.events == [])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.reduce(0, accumulator: +) }, elements: [1, 2])
            #expect(result.events == [.next(3)])
            #expect(result.sourceDisposals == 1)
        }
    }
}
