import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct TakeUntilTests {
    @Test func completesWhenOtherEmits() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let other = ManualSource<String>()
            let log = SeenLog<Int>()
            source.observable.take(until: other.observable).subscribe { log.on($0) }
            source.onNext(1)
            source.onNext(2)
            other.onNext("stop")
            source.onNext(3)
            #expect(log.events == [.next(1), .next(2), .completed])
            #expect(source.disposeCount == 1)
            #expect(other.disposeCount == 1)
        }
    }

    @Test func forwardsAnErrorFromOther() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let other = ManualSource<Int>()
            let log = SeenLog<Int>()
            source.observable.take(until: other.observable).subscribe { log.on($0) }
            source.onNext(1)
            other.onError(TestFailure.boom)
            source.onNext(2)
            #expect(log.events == [.next(1), .error(.boom)])
            #expect(source.disposeCount == 1)
        }
    }

    @Test func otherCompletingChangesNothingButIsReleased() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            let other = ManualSource<Int>()
            let log = SeenLog<Int>()
            source.observable.take(until: other.observable).subscribe { log.on($0) }
            other.onCompleted()
            #expect(other.disposeCount == 1)
            source.onNext(1)
            source.onCompleted()
            #expect(log.events == [.next(1), .completed])
            #expect(source.disposeCount == 1)
        }
    }

    @Test func sourceEndingReleasesOther() {
        expectNoLeaks {
            let other = ManualSource<Int>()
            let events = Observable.of(1, 2).take(until: other.observable).collect()
            #expect(events == [.next(1), .next(2), .completed])
            #expect(other.disposeCount == 1)
            let failing = Observable<Int>.error(TestFailure.boom).take(until: other.observable).collect()
            #expect(failing == [.error(.boom)])
        }
    }

    @Test func otherEmittingAtOnceSkipsTheSource() {
        expectNoLeaks {
            let source = ManualSource<Int>()
            #expect(source.observable.take(until: Observable.just(0)).collect() == [.completed])
            #expect(source.subscribeCount == 0)
        }
    }

    @Test func otherTriggeredFromTheObserverStopsAnEndlessSource() {
        expectNoLeaks {
            let other = ManualSource<Int>()
            let log = SeenLog<Int>()
            var count = 0
            Observable.repeatElement(1).map { _ -> Int in
                count += 1
                return count
            }.take(until: other.observable).subscribe { [unowned other] event in
                log.on(event)
                // Reentrant: the completion is queued behind this element, then delivered.
                if event.element == 3 { other.onNext(0) }
            }
            #expect(log.events == [.next(1), .next(2), .next(3), .completed])
            #expect(other.disposeCount == 1)
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let other = ManualSource<Int>()
            let result = eventsAroundDispose({ $0.take(until: other.observable) }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
            #expect(other.disposeCount == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let other = ManualSource<Int>()
            let result = eventsWhenObserverDisposesItself({ $0.take(until: other.observable) }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
            other.onNext(0)
            #expect(other.disposeCount == 1)
        }
    }

    @Test func eventsFromTwoThreadsAreDeliveredOneAtATime() {
        expectNoLeaks {
            for _ in 0..<20 {
                let source = ManualSource<Int>()
                let other = ManualSource<Int>()
                let probe = DeliveryProbe()
                source.observable.take(until: other.observable).subscribe { probe.on($0) }
                let sourceObserver = UncheckedBox(source.observers[0])
                let otherObserver = UncheckedBox(other.observers[0])
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        for element in 0..<2_000 { sourceObserver.value.onNext(element) }
                    } else {
                        for _ in 0..<200 { otherObserver.value.onNext(0) }
                    }
                }
                let report = probe.report
                #expect(report.overlaps == 0)
                #expect(report.eventsAfterEnd == 0)
                #expect(report.ended)
            }
        }
    }

    @Test func virtualTimeCompletesAtOthersFirstElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-c-d-|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let other = scheduler.createHotObservable("^----x-y", values: ["x": "x", "y": "y"])
        let result = scheduler.start { source.take(until: other) }
        #expect(result.events == [.next(210, 1), .next(230, 2), .completed(240)])
        #expect(source.subscriptions == [Subscription(200, 240)])
        #expect(other.subscriptions == [Subscription(200, 240)])
    }
}

/// Hands a value to another thread in a test that synchronizes on its own.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Watches a subscriber's calls for the grammar and serialization rules: no two calls at once, nothing after the end.
final class DeliveryProbe: Sendable {
    private let inside = RxAtomic<Int>(0)
    private let overlaps = RxAtomic<Int>(0)
    private let eventsAfterEnd = RxAtomic<Int>(0)
    private let ended = RxAtomic<Bool>(false)

    func on<Element>(_ event: Event<Element>) {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
        if ended.load(ordering: .acquiring) { eventsAfterEnd.add(1, ordering: .relaxed) }
        if event.isStopEvent { ended.store(true, ordering: .releasing) }
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }

    var report: (overlaps: Int, eventsAfterEnd: Int, ended: Bool) {
        (
            overlaps.load(ordering: .acquiring), eventsAfterEnd.load(ordering: .acquiring),
            ended.load(ordering: .acquiring)
        )
    }
}
