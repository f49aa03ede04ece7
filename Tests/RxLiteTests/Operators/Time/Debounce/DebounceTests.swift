import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct DebounceTests {
    /// Three frames of the default marble frame (10 ticks) at resolution 1.
    let dueTime = RxTimeInterval.seconds(30)

    @Test func sendsAnElementOnceDueTimePassesWithoutANewerOne() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-bc-----d--|", values: letters)
        let res = scheduler.start { source.debounce(dueTime, scheduler: scheduler) }
        #expect(res.events == .expected("^-------c-----(d|)"))
        #expect(source.subscriptions == [Subscription(200, 330)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func elementExactlyAtTheDeadlineReplacesTheWaitingOne() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a--b|", values: letters)
        let res = scheduler.start { source.debounce(dueTime, scheduler: scheduler) }
        #expect(res.events == .expected("^-----(b|)"))
    }

    @Test func elementJustAfterTheDeadlineStartsANewWait() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a---b---|", values: letters)
        let res = scheduler.start { source.debounce(dueTime, scheduler: scheduler) }
        #expect(res.events == .expected("^----a---b|"))
    }

    @Test func completionFlushesTheWaitingElementAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-ab|", values: letters)
        let res = scheduler.start { source.debounce(dueTime, scheduler: scheduler) }
        #expect(res.events == .expected("^---(b|)"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func errorGoesOutAtOnceAndDropsTheWaitingElement() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-#", values: letters)
        let res = scheduler.start { source.debounce(dueTime, scheduler: scheduler) }
        #expect(res.events == .expected("^---#"))
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func emptyAndNever() {
        let scheduler = TestScheduler()
        let empty = scheduler.createHotObservable("^---|", values: letters)
        let never = scheduler.createHotObservable("^----", values: letters)
        let first = scheduler.start { empty.debounce(dueTime, scheduler: scheduler) }
        #expect(first.events == .expected("^---|"))
        let second = scheduler.start(created: 1100, subscribed: 1200, disposed: 1500) {
            never.debounce(dueTime, scheduler: scheduler)
        }
        #expect(second.events.isEmpty)
    }

    @Test func disposeWhileATimerIsPendingCancelsIt() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<String>()
        let observer = scheduler.createObserver(String.self)
        let subscription = subject.debounce(dueTime, scheduler: scheduler).subscribe(observer)
        subject.onNext("a")
        scheduler.advanceTo(10)
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.start()
        subject.onNext("b")
        #expect(observer.events.isEmpty)
    }

    @Test func disposeAtTheDisposedTimeStopsDelivery() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b-c", values: letters)
        let res = scheduler.start(disposed: 245) { source.debounce(dueTime, scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(source.subscriptions == [Subscription(200, 245)])
    }

    @Test func reentrantElementFromTheObserverStartsTheNextWait() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        var received: [Recorded<Event<Int>>] = []
        let subscription = subject.debounce(dueTime, scheduler: scheduler).subscribe(onNext: { value in
            received.append(.next(scheduler.clock, value))
            if value < 3 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        scheduler.start()
        #expect(received == [.next(30, 1), .next(60, 2), .next(90, 3)])
        #expect(scheduler.pendingCount == 0)
        subscription.dispose()
    }

    @Test func aBurstCostsTwoTimersNotOnePerElement() {
        let base = TestScheduler()
        let scheduler = CountingScheduler(base)
        let subject = PublishSubject<Int>()
        let observer = base.createObserver(Int.self)
        let subscription = subject.debounce(dueTime, scheduler: scheduler).subscribe(observer)
        for tick in 0..<10 {
            base.advanceTo(tick)
            for value in 0..<10_000 { subject.onNext(tick * 10_000 + value) }
        }
        base.start()
        // Armed at 0 for 30; at 30 the deadline is 39, so it is re-armed once.
        #expect(observer.events == [.next(39, 99_999)])
        #expect(scheduler.timerCount == 2)
        subscription.dispose()
    }

    @Test func resolutionBelowOneSecond() {
        let scheduler = TestScheduler(resolution: 0.1)
        let source = scheduler.createHotObservable("^-a-bc-----d--|", values: letters)
        let res = scheduler.start { source.debounce(.seconds(3), scheduler: scheduler) }
        #expect(res.events == .expected("^-------c-----(d|)"))
    }
}
