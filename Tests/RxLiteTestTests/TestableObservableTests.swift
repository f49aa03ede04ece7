import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct TestableObservableTests {
    @Test func hotObservableSendsOnlyWhatHappensAfterSubscribing() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(100, 1), .next(210, 2), .next(300, 3), .completed(400)])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(205) { xs.subscribe(early) }
        scheduler.scheduleAt(305) { xs.subscribe(late) }
        scheduler.start()
        #expect(early.events == [.next(210, 2), .next(300, 3), .completed(400)])
        #expect(late.events == [.completed(400)])
        #expect(xs.subscriptions == [Subscription(205, 400), Subscription(305, 400)])
        #expect(xs.recordedEvents == [.next(100, 1), .next(210, 2), .next(300, 3), .completed(400)])
    }

    @Test func hotEventAtTheSubscriptionTickIsMissedWhenScheduledFirst() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(200, 1), .next(201, 2)])
        let res = scheduler.start { xs }
        #expect(res.events == [.next(201, 2)])
    }

    @Test func coldObservableStartsOverForEachSubscriber() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { xs.subscribe(first) }
        scheduler.scheduleAt(250) { xs.subscribe(second) }
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(second.events == [.next(260, 1), .next(270, 2), .completed(280)])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(250, 280)])
    }

    @Test func coldEventAtZeroArrivesAtTheSubscriptionTick() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(0, 1), .completed(0)])
        #expect(scheduler.start { xs }.events == [.next(200, 1), .completed(200)])
    }

    @Test func disposingAColdSubscriptionCancelsItsEvents() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(100, 1), .completed(200)])
        let observer = scheduler.createObserver(Int.self)
        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) { subscription = xs.subscribe(observer) }
        scheduler.scheduleAt(250) { subscription?.dispose() }
        scheduler.advanceTo(260)
        #expect(scheduler.pendingCount == 0)
        #expect(observer.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func activeSubscriptionEndsAtInfinity() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1)] as [Recorded<Event<Int>>])
        let subscription = xs.subscribe()
        scheduler.advanceTo(500)
        #expect(xs.subscriptions == [Subscription(0)])
        #expect(xs.subscriptions[0].unsubscribe == Int.max)
        subscription.dispose()
        #expect(xs.subscriptions == [Subscription(0, 500)])
    }

    @Test func undisposedSubscriptionsWithPendingEventsDoNotLeak() {
        // The trait on this suite fails the test if the scheduler's pending events kept anything alive once the
        // scheduler and the observables are gone. (An undisposed `interval` would be a real leak, as in RxSwift:
        // its subscription holds its own ticker.)
        let scheduler = TestScheduler()
        let cold = scheduler.createColdObservable([.next(10, 1), .next(1000, 2)])
        let hot = scheduler.createHotObservable([.next(10, 1), .next(1000, 2)])
        let observer = scheduler.createObserver(Int.self)
        cold.subscribe(observer)
        hot.subscribe(observer)
        scheduler.advanceTo(20)
        #expect(observer.events == [.next(10, 1), .next(10, 1)])
    }

    @Test func operatorsOverTestObservables() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .error(240, TestError()),
        ])
        let res = scheduler.start { xs.filter { $0 % 2 == 0 }.map { $0 * 10 } }
        #expect(res.events == [.next(210, 20), .next(230, 40), .error(240, TestError())])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }
}
