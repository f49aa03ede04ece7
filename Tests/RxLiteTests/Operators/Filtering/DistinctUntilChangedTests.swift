import RxLite
import Testing

@Suite(.checksResources) struct DistinctUntilChangedTests {
    struct Book: Equatable {
        let title: String
        let pages: Int
    }

    @Test func dropsConsecutiveDuplicates() {
        expectNoLeaks {
            let events = Observable.of(1, 1, 2, 2, 1, 3, 3).distinctUntilChanged().collect()
            #expect(events == [.next(1), .next(2), .next(1), .next(3), .completed])
        }
    }

    @Test func comparesKeys() {
        expectNoLeaks {
            let events = Observable.of("a", "A", "b", "B", "a").distinctUntilChanged { $0.lowercased() }.collect()
            #expect(events == [.next("a"), .next("b"), .next("a"), .completed])
        }
    }

    @Test func usesTheComparer() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 4, 5, 9).distinctUntilChanged { abs($0 - $1) <= 1 }.collect()
            #expect(events == [.next(1), .next(4), .next(9), .completed])
        }
    }

    @Test func comparesAgainstTheLastEmittedElement() {
        expectNoLeaks {
            // 2 and 3 are each within 1 of the element before them, but 3 is not within 1 of 1, the last emitted.
            let events = Observable.of(1, 2, 3).distinctUntilChanged { abs($0 - $1) <= 1 }.collect()
            #expect(events == [.next(1), .next(3), .completed])
        }
    }

    @Test func comparesTheValueAtAKeyPath() {
        expectNoLeaks {
            let books = [Book(title: "A", pages: 1), Book(title: "A", pages: 2), Book(title: "B", pages: 2)]
            let events = Observable.from(books).distinctUntilChanged(at: \.title).map(\.pages).collect()
            #expect(events == [.next(1), .next(2), .completed])
        }
    }

    @Test func keySelectorWithComparer() {
        expectNoLeaks {
            let events = Observable.of(10, 11, 25).distinctUntilChanged({ $0 / 10 }, comparer: { $0 == $1 })
                .collect()
            #expect(events == [.next(10), .next(25), .completed])
        }
    }

    @Test func forwardsErrorsAndThrows() {
        expectNoLeaks {
            #expect(Observable<Int>.error(TestFailure.boom).distinctUntilChanged().collect() == [.error(.boom)])
            let keyThrows = Observable.of(1, 2).distinctUntilChanged { (_: Int) -> Int in throw TestFailure.other }
                .collect()
            #expect(keyThrows == [.error(.other)])
            let comparerThrows = Observable.of(1, 2).distinctUntilChanged { (_: Int, _: Int) -> Bool in
                throw TestFailure.other
            }.collect()
            #expect(comparerThrows == [.next(1), .error(.other)])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let result = eventsAroundDispose({ $0.distinctUntilChanged() }, before: [1, 1, 2], after: [3])
            #expect(result.events == [.next(1), .next(2)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.distinctUntilChanged() }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            var counter = 0
            let events = Observable.repeatElement(()).map { _ -> Int in
                counter += 1
                return counter / 2
            }.distinctUntilChanged().take(3).collect()
            #expect(events == [.next(0), .next(1), .next(2), .completed])
        }
    }
}
