import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct WindowTests {
    @Test func windowsCloseByCountOrByTime() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b-c-d---|", values: letters)
        let res = scheduler.start {
            source.window(timeSpan: .seconds(40), count: 2, scheduler: scheduler).flatMap { $0.toArray() }
        }
        #expect(res.events == [.next(230, ["a", "b"]), .next(270, ["c", "d"]), .next(310, []), .completed(310)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func firstWindowOpensAtSubscription() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-------|", values: letters)
        let res = scheduler.start {
            source.window(timeSpan: .seconds(30), count: 10, scheduler: scheduler).map { _ in "w" }
        }
        #expect(res.events == [.next(200, "w"), .next(230, "w"), .next(260, "w"), .completed(290)])
    }

    @Test func errorEndsTheOpenWindowAndTheSequence() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a#", values: letters)
        let res = scheduler.start {
            source.window(timeSpan: .seconds(30), count: 10, scheduler: scheduler).flatMap { $0.toArray() }
        }
        #expect(res.events == [.error(220, TestError())])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposeCancelsTheTimer() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let subscription = subject.window(timeSpan: .seconds(30), count: 2, scheduler: scheduler).subscribe()
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
    }
}
