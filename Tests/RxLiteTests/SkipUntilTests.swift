import RxLite
import Testing

extension OperatorTests {
    @Suite struct SkipUntilTests {
        @Test func emitsOnceOtherHasEmitted() {
            expectNoLeaks {
                let source = ManualSource<Int>()
                let other = ManualSource<String>()
                let log = SeenLog<Int>()
                source.observable.skip(until: other.observable).subscribe { log.on($0) }
                source.onNext(1)
                other.onNext("go")
                #expect(other.disposeCount == 1)
                source.onNext(2)
                source.onNext(3)
                source.onCompleted()
                #expect(log.events == [.next(2), .next(3), .completed])
                #expect(source.disposeCount == 1)
            }
        }

        @Test func otherCompletingWithoutAnElementKeepsTheGateShut() {
            expectNoLeaks {
                let source = ManualSource<Int>()
                let other = ManualSource<Int>()
                let log = SeenLog<Int>()
                source.observable.skip(until: other.observable).subscribe { log.on($0) }
                other.onCompleted()
                #expect(other.disposeCount == 1)
                source.onNext(1)
                source.onCompleted()
                #expect(log.events == [.completed])
            }
        }

        @Test func forwardsErrorsFromBoth() {
            expectNoLeaks {
                let source = ManualSource<Int>()
                let other = ManualSource<Int>()
                let log = SeenLog<Int>()
                source.observable.skip(until: other.observable).subscribe { log.on($0) }
                other.onError(TestFailure.boom)
                source.onNext(1)
                #expect(log.events == [.error(.boom)])
                #expect(source.disposeCount == 1)
                let failing = Observable<Int>.error(TestFailure.other).skip(until: Observable.just(0)).collect()
                #expect(failing == [.error(.other)])
            }
        }

        @Test func aSynchronousSourceIsOverBeforeOtherIsSubscribed() {
            expectNoLeaks {
                let other = ManualSource<Int>()
                #expect(Observable.of(1, 2).skip(until: other.observable).collect() == [.completed])
                #expect(other.subscribeCount == 0)
            }
        }

        @Test func disposeStopsDelivery() {
            expectNoLeaks {
                let result = eventsAroundDispose({ $0.skip(until: Observable.just(0)) }, before: [1], after: [2])
                #expect(result.events == [.next(1)])
                #expect(result.sourceDisposals == 1)
            }
        }

        @Test func observerDisposingItselfGetsNothingMore() {
            expectNoLeaks {
                let result = eventsWhenObserverDisposesItself(
                    { $0.skip(until: Observable.just(0)) }, elements: [1, 2])
                #expect(result.events == [.next(1)])
                #expect(result.sourceDisposals == 1)
            }
        }
    }
}
