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
        // Subscribed directly and never disposed: both stay open, as in RxTest.
        #expect(xs.subscriptions == [Subscription(205), Subscription(305)])
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
        #expect(xs.subscriptions == [Subscription(200), Subscription(250)])
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

    @Test func hotObservableHandsEveryRecordedEventToADirectObserver() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220), .next(230, 2)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { xs.subscribe(observer) }
        scheduler.start()
        #expect(observer.events == [.next(210, 1), .completed(220), .next(230, 2)])
        #expect(xs.subscriptions == [Subscription(200)])
    }

    @Test func hotObservableKeepsDeliveringAfterAnErrorUntilDisposed() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .error(220, TestError()), .next(230, 2), .completed(240), .next(250, 3),
        ])
        let observer = scheduler.createObserver(Int.self)
        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) { subscription = xs.subscribe(observer) }
        scheduler.scheduleAt(245) { subscription?.dispose() }
        scheduler.start()
        #expect(observer.events == [.next(210, 1), .error(220, TestError()), .next(230, 2), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 245)])
    }

    @Test func coldObservableHandsEveryRecordedEventToADirectObserver() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20), .next(30, 2)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { xs.subscribe(observer) }
        scheduler.start()
        #expect(observer.events == [.next(210, 1), .completed(220), .next(230, 2)])
        #expect(xs.subscriptions == [Subscription(200)])
    }

    @Test func throughAnObservableTheSequenceEndsAtItsFirstTerminalEvent() {
        let scheduler = TestScheduler()
        let hot = scheduler.createHotObservable([.next(210, 1), .completed(220), .next(230, 2)])
        #expect(scheduler.start { hot }.events == [.next(210, 1), .completed(220)])
        #expect(hot.subscriptions == [Subscription(200, 220)])
        let again = TestScheduler()
        let coldAgain = again.createColdObservable([.next(10, 1), .completed(20), .next(30, 2)])
        #expect(again.start { coldAgain.map { $0 * 10 } }.events == [.next(210, 10), .completed(220)])
        #expect(coldAgain.subscriptions == [Subscription(200, 220)])
    }

    @Test func anObserverThatIgnoresTerminalEventsGetsTheElementsAfterThem() {
        // As ReactorKit's action subject: a plain observer that forwards elements only.
        final class ElementsOnly: ObserverType {
            var elements: [Int] = []
            func on(_ event: Event<Int>) {
                if case .next(let element) = event { elements.append(element) }
            }
        }
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([
            .next(210, 1), .completed(220), .next(230, 2), .error(240, TestError()),
        ])
        let observer = ElementsOnly()
        let subscription = xs.subscribe(observer)
        scheduler.start()
        subscription.dispose()
        #expect(observer.elements == [1, 2])
        #expect(xs.subscriptions == [Subscription(0, 240)])
    }

    @Test func subscriptionRecordsReadAsRxTestsDo() {
        #expect(Subscription(200) == Subscription(200, Int.max))
        #expect(Subscription(200).debugDescription == "(200 : Infinity)")
        #expect(Subscription(200, 300).debugDescription == "(200 : 300)")
    }
}
