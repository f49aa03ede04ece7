import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct SingleElementTests {
    @Test func emitsTheOnlyElementAndCompletesWithTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        #expect(scheduler.start { source.single() }.events == [.next(210, 1), .completed(250)])
    }

    @Test func failsAtTheSecondElementOrWithNone() {
        let scheduler = TestScheduler(initialClock: 0)
        let two = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let result = scheduler.start { two.single() }
        #expect(result.events == [.next(210, 1), .error(220, RxError.moreThanOneElement)])
        #expect(two.subscriptions == [Subscription(200, 220)])
        let none = TestScheduler(initialClock: 0)
        let empty = none.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        #expect(none.start { empty.single() }.events == [.error(250, RxError.noElements)])
    }

    @Test func predicateFormCountsOnlyMatches() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let result = scheduler.start { source.single { $0 % 2 == 0 } }
        #expect(result.events == [.next(220, 2), .error(240, RxError.moreThanOneElement)])
        let throwing = TestScheduler(initialClock: 0)
        let other = throwing.createHotObservable([.next(210, 1)])
        let thrown = throwing.start { other.single { _ in throw TestError() } }
        #expect(thrown.events == [.error(210, TestError())])
    }
}
