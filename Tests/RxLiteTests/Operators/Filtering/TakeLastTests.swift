import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct TakeLastTests {
    @Test(arguments: [0, 1, 2, 5])
    func emitsTheLastElementsOnCompletion(count: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let result = scheduler.start { source.takeLast(count) }
        let expected: [Recorded<Event<Int>>] = Array([1, 2, 3, 4].suffix(count)).map { .next(250, $0) }
        #expect(result.events == expected + [.completed(250)])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }

    @Test func anErrorDropsTheHeldElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestError())])
        let result = scheduler.start { source.takeLast(2) }
        #expect(result.events == [.error(220, TestError())])
    }

    @Test func disposalBeforeTheEndEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let result = scheduler.start(disposed: 250) { source.takeLast(2) }
        #expect(result.events == [])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }

    @Test func stopsEmittingWhenTheSubscriberEnds() {
        var seen: [Int] = []
        Observable.of(1, 2, 3, 4).takeLast(3).take(2).subscribe(onNext: { seen.append($0) }).dispose()
        #expect(seen == [2, 3])
    }
}
