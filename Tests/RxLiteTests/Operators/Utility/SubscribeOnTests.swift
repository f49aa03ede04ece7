import RxLite
import RxLiteTest
import Testing

/// `subscribe(on:)` subscribes to its source on the scheduler and disposes it there too, including after the
/// source's own end: on a test scheduler, one action (a tick) after whatever ended the subscription.
@Suite(.checksResources) struct SubscribeOnTests {
    @Test func subscribesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable("-a|", values: ["a": 1])
        let result = scheduler.start { source.subscribe(on: scheduler) }
        #expect(source.subscriptions == [Subscription(201, 222)])
        #expect(result.events == [.next(211, 1), .completed(221)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func theSubscribeHandlerRunsOnTheSchedulerAndTheDisposalTooWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt: TestTime?
        var disposedAt: TestTime?
        let source = Observable<Int>.create { _ in
            subscribedAt = scheduler.clock
            return Disposables.create { disposedAt = scheduler.clock }
        }
        let result = scheduler.start { source.subscribe(on: scheduler) }
        #expect(result.events.isEmpty)
        #expect(subscribedAt == 201)
        #expect(disposedAt == 1001)
    }

    @Test(arguments: [false, true])
    func aSourceThatEndsIsDisposedOnTheSchedulerATickLater(failing: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let end: Recorded<Event<Int>> = failing ? .error(300, TestError()) : .completed(300)
        let source = scheduler.createHotObservable([.next(150, 1), .next(210, 2), end])
        let result = scheduler.start { source.subscribe(on: scheduler) }
        #expect(result.events == [.next(210, 2), end])
        #expect(source.subscriptions == [Subscription(201, 301)])
    }

    @Test func disposingStopsTheEventsAtOnceAndDisposesTheSourceATickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let result = scheduler.start(disposed: 250) { source.subscribe(on: scheduler) }
        #expect(result.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(201, 251)])
    }
}
