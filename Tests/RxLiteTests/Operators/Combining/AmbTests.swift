import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct AmbTests {
    @Test func theFirstToSendAnEventWinsAndTheOthersAreDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createHotObservable([.next(230, 1), .completed(260)])
        let fast = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])
        let result = scheduler.start { slow.amb(fast) }
        #expect(result.events == [.next(220, 2), .next(240, 3), .completed(250)])
        #expect(slow.subscriptions == [Subscription(200, 220)])
        #expect(fast.subscriptions == [Subscription(200, 250)])
    }

    @Test func anErrorOrCompletionWinsToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(230, 1)])
        let b = scheduler.createHotObservable([.error(220, TestError())] as [Recorded<Event<Int>>])
        let c = scheduler.createHotObservable([.next(225, 3)])
        let result = scheduler.start { Observable.amb([a.asObservable(), b.asObservable(), c.asObservable()]) }
        #expect(result.events == [.error(220, TestError())])
        #expect(a.subscriptions == [Subscription(200, 220)])
        #expect(c.subscriptions == [Subscription(200, 220)])
    }

    @Test func aSynchronousWinnerStopsTheRestAndEmptyNeverEmits() {
        let log = EventLog<Int>()
        var subscribedSecond = false
        Observable.just(1).amb(
            Observable.deferred {
                subscribedSecond = true
                return .just(2)
            }
        ).subscribe(log)
        #expect(log.elements == [1])
        #expect(!subscribedSecond)
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable<Int>.amb([]) }.events == [])
    }

    @Test func disposalBeforeAWinnerDisposesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(300, 1)])
        let b = scheduler.createHotObservable([.next(310, 2)])
        let result = scheduler.start(disposed: 250) { a.amb(b) }
        #expect(result.events == [])
        #expect(a.subscriptions == [Subscription(200, 250)])
        #expect(b.subscriptions == [Subscription(200, 250)])
    }
}
