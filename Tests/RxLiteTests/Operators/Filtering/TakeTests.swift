import RxLite
import Testing

@Suite(.checksResources) struct TakeTests {
    @Test func emitsTheFirstElementsThenCompletes() {
        expectNoLeaks {
            #expect(Observable.of(1, 2, 3).take(2).collect() == [.next(1), .next(2), .completed])
        }
    }

    @Test func endsWithAShorterSource() {
        expectNoLeaks {
            #expect(Observable.of(1).take(5).collect() == [.next(1), .completed])
            let failing = Observable<Int>.error(TestFailure.boom).take(5).collect()
            #expect(failing == [.error(.boom)])
        }
    }

    @Test func takeZeroCompletesWithoutSubscribing() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            #expect(source.observable.take(0).collect() == [.completed])
            #expect(source.subscribeCount == 0)
        }
    }

    @Test func stopsAnEndlessSource() {
        expectNoLeaks {
            #expect(Observable.repeatElement(7).take(1).collect() == [.next(7), .completed])
        }
    }

    @Test func releasesTheSourceWhenItEndsTheSequence() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let log = SeenLog<Int>()
            source.observable.take(1).subscribe { log.on($0) }
            source.onNext(1)
            #expect(source.disposeCount == 1)
            source.onNext(2)
            #expect(log.events == [.next(1), .completed])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.take(3) }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNoCompletion() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.take(1) }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeWhileExclusiveStopsBeforeTheFailingElement() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }).collect()
            #expect(events == [.next(1), .next(2), .completed])
        }
    }

    @Test func takeWhileInclusiveEmitsTheFailingElement() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }, behavior: .inclusive).collect()
            #expect(events == [.next(1), .next(2), .next(3), .completed])
        }
    }

    @Test func takeWhileForwardsErrorsAndThrows() {
        expectNoLeaks {
            #expect(Observable<Int>.error(TestFailure.boom).take(while: { _ in true }).collect() == [.error(.boom)])
            let throwing = Observable.of(1, 2).take(while: { value in
                if value == 2 { throw TestFailure.other }
                return true
            }).collect()
            #expect(throwing == [.next(1), .error(.other)])
        }
    }

    @Test func takeWhileStopsAnEndlessSource() {
        expectNoLeaks {
            var count = 0
            let events = Observable.repeatElement(1).take(while: { _ in
                count += 1
                return count < 3
            }).collect()
            #expect(events == [.next(1), .next(1), .completed])
        }
    }

    @Test func takeWhileObserverDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself(
                { $0.take(while: { $0 < 5 }, behavior: .inclusive) }, elements: [1, 9])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
            let inclusiveEnd = eventsWhenObserverDisposesItself(
                { $0.take(while: { $0 < 5 }, behavior: .inclusive) }, elements: [9, 1])
            #expect(inclusiveEnd.events == [.next(9)])
        }
    }

    @Test func takeUntilPredicateStopsAtTheMatchingElement() {
        expectNoLeaks {
            let exclusive = Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }).collect()
            #expect(exclusive == [.next(1), .next(2), .completed])
            let inclusive = Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive).collect()
            #expect(inclusive == [.next(1), .next(2), .next(3), .completed])
        }
    }

    @Test func takeUntilPredicateDisposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.take(until: { $0 > 5 }) }, before: [1], after: [2, 9])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }
}
