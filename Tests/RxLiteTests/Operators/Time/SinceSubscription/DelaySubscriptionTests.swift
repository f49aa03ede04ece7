import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct DelaySubscriptionTests {
    @Test func subscribesOnceTheDelayPasses() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable("-a-b|", values: letters)
        let res = scheduler.start { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == .expected("^----a-b|"))
        #expect(source.subscriptions == [Subscription(230, 270)])
    }

    @Test func disposeBeforeTheDelayNeverSubscribes() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable("-a-b|", values: letters)
        let res = scheduler.start(disposed: 220) { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(source.subscriptions.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposeAfterSubscribingReleasesTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.createColdObservable("-a-b|", values: letters)
        let res = scheduler.start(disposed: 245) { source.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == .expected("^----a"))
        #expect(source.subscriptions == [Subscription(230, 245)])
    }
}
