import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct IfEmptyTests {
    @Test func defaultOnlyWhenEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.completed(230)] as [Recorded<Event<Int>>])
        let full = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let failing = scheduler.createHotObservable([.error(220, TestError())] as [Recorded<Event<Int>>])
        let result = scheduler.start {
            Observable.merge(empty.ifEmpty(default: 9), full.ifEmpty(default: 8), failing.ifEmpty(default: 7))
        }
        #expect(result.events == [.next(210, 1), .error(220, TestError())])
        let alone = TestScheduler(initialClock: 0)
        let emptyAlone = alone.createHotObservable([.completed(230)] as [Recorded<Event<Int>>])
        #expect(alone.start { emptyAlone.ifEmpty(default: 9) }.events == [.next(230, 9), .completed(230)])
    }

    @Test func switchToReleasesTheSourceFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.completed(230)] as [Recorded<Event<Int>>])
        let other = scheduler.createColdObservable([.next(10, 5), .completed(20)])
        let result = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
        #expect(result.events == [.next(240, 5), .completed(250)])
        #expect(source.subscriptions == [Subscription(200, 230)])
        #expect(other.subscriptions == [Subscription(230, 250)])
    }

    @Test func switchToIsNotUsedWhenTheSourceEmitsAndDisposalReachesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let other = scheduler.createColdObservable([.next(10, 5)])
        let result = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
        #expect(result.events == [.next(210, 1), .completed(230)])
        #expect(other.subscriptions == [])
        let second = TestScheduler(initialClock: 0)
        let empty = second.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let never = second.createColdObservable([.next(100, 5)])
        let disposed = second.start(disposed: 250) { empty.ifEmpty(switchTo: never.asObservable()) }
        #expect(disposed.events == [])
        #expect(never.subscriptions == [Subscription(210, 250)])
    }
}
