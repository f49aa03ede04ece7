import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct EnumeratedTests {
    @Test func countsFromZeroForEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .error(30, TestError())])
        let enumerated = source.enumerated().map { "\($0.index)\($0.element)" }
        let result = scheduler.start {
            Observable.merge(enumerated, enumerated.delaySubscription(.seconds(5), scheduler: scheduler))
        }
        #expect(
            result.events == [
                .next(210, "0a"), .next(215, "0a"), .next(220, "1b"), .next(225, "1b"), .error(230, TestError()),
            ])
        #expect(source.subscriptions == [Subscription(200, 230), Subscription(205, 230)])
    }
}
