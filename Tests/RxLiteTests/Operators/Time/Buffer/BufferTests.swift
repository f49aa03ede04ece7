import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct BufferTests {
    @Test func closesByCountOrByTimeWhicheverComesFirst() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b-c-d---|", values: letters)
        let res = scheduler.start { source.buffer(timeSpan: .seconds(40), count: 2, scheduler: scheduler) }
        #expect(res.events == [.next(230, ["a", "b"]), .next(270, ["c", "d"]), .next(310, []), .completed(310)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func emitsEveryTimeSpanEvenWhenEmpty() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-------|", values: letters)
        let res = scheduler.start { source.buffer(timeSpan: .seconds(30), count: 10, scheduler: scheduler) }
        #expect(res.events == [.next(230, ["a"]), .next(260, []), .next(290, []), .completed(290)])
    }

    @Test func errorGoesOutAtOnceAndDropsTheBuffer() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a#", values: letters)
        let res = scheduler.start { source.buffer(timeSpan: .seconds(30), count: 10, scheduler: scheduler) }
        #expect(res.events == [.error(220, TestError())])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposeCancelsTheTimer() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let subscription = subject.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler).subscribe()
        subject.onNext(1)
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
    }

    @Test func chunksClosedByCountAllocateNoTimer() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver([Int].self)
        let subscription = subject.buffer(timeSpan: .seconds(30), count: 2, scheduler: scheduler).subscribe(observer)
        for value in 0..<1_000 { subject.onNext(value) }
        #expect(observer.events.count == 500)
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
    }
}
