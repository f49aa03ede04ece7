import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct SkipUntilTests {
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
            // As RxSwift (testSkipUntil_SomeData_Empty): the source's completion is not forwarded, and the source
            // is let go of.
            #expect(log.events == [])
            #expect(source.disposeCount == 1)
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
            let synchronous = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create()
            }
            #expect(synchronous.skip(until: other.observable).collect() == [])
            #expect(other.subscribeCount == 0)
        }
    }

    @Test func aTrampolinedSourceEmitsOnceOtherIsSubscribed() {
        expectNoLeaks {
            // `of` emits from the current-thread trampoline, after the whole subscription is set up, as in
            // RxSwift: `other` is subscribed first, and a `just` there opens the gate for every element.
            let other = ManualSource<Int>()
            #expect(Observable.of(1, 2).skip(until: other.observable).collect() == [])
            #expect(other.subscribeCount == 1)
            #expect(
                Observable.of(1, 2).skip(until: Observable.just(0)).collect() == [.next(1), .next(2), .completed])
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

    @Test func virtualTimeEmitsFromOthersFirstElementOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-c-d-|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let other = scheduler.createHotObservable("^----x-y", values: ["x": "x", "y": "y"])
        let result = scheduler.start { source.skip(until: other) }
        #expect(result.events == [.next(250, 3), .next(270, 4), .completed(290)])
        #expect(source.subscriptions == [Subscription(200, 290)])
        #expect(other.subscriptions == [Subscription(200, 240)])
    }

    @Test func aSourceCompletingBeforeTheGateOpensEndsBothSilently() {
        // RxSwift's testSkipUntil_SomeData_Never and _Error2: no end is forwarded, both upstreams are let go of,
        // and a later error of `other` is not seen either.
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-|", values: ["a": 1, "b": 2])
        let other = scheduler.createHotObservable("^---------#", values: [Character: String]())
        let result = scheduler.start { source.skip(until: other) }
        #expect(result.events == [])
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 250)])
    }
}
