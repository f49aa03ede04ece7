import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct SkipForDurationTests {
    @Test func dropsElementsUntilTheTimePassesIncludingOneOnTheBoundary() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b-c-d|", values: letters)
        let res = scheduler.start { source.skip(.seconds(30), scheduler: scheduler) }
        #expect(res.events == .expected("^-----c-d|"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func errorAndCompletionGoOutWhileSkipping() {
        let scheduler = TestScheduler()
        let failing = scheduler.createHotObservable("^-a#", values: letters)
        let res = scheduler.start { failing.skip(.seconds(30), scheduler: scheduler) }
        #expect(res.events == .expected("^--#"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposeCancelsTheTimer() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let subscription = subject.skip(.seconds(30), scheduler: scheduler).subscribe()
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
    }
}
