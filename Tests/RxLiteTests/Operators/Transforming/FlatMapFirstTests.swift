import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct FlatMapFirstTests {
    @Test func dropsElementsWhileAnInnerSequenceRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable("-a-b|", values: ["a": 1, "b": 2])
        let source = scheduler.createHotObservable("^-x-y---z---|", values: ["x": 0, "y": 1, "z": 2])
        let result = scheduler.start { source.flatMapFirst { _ in inner } }
        #expect(result.events == [.next(220, 1), .next(240, 2), .next(280, 1), .next(300, 2), .completed(310)])
        #expect(inner.subscriptions == [Subscription(210, 250), Subscription(270, 310)])
    }
}
