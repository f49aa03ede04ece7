import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct TimerIntegrationTests {
    @Test func periodicTimerCountsDownEveryTick() {
        let scheduler = TestScheduler()
        let res = scheduler.start(disposed: 205) {
            Observable<Int>.timer(.seconds(0), period: .seconds(1), scheduler: scheduler).map { 3 - $0 }
        }
        #expect(res.events == [.next(201, 3), .next(202, 2), .next(203, 1), .next(204, 0)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func intervalTicksEveryPeriodUntilDisposed() {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
        #expect(res.events == (0...6).map { Recorded.next(300 + 100 * $0, $0) })
        #expect(scheduler.pendingCount == 0)
    }

    @Test func oneShotTimerEmitsZeroAndCompletes() {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }
        #expect(res.events == [.next(500, 0), .completed(500)])
    }

    @Test func timerUsesTheResolution() {
        let scheduler = TestScheduler(resolution: 0.1)
        let res = scheduler.start { Observable<Int>.timer(.milliseconds(300), scheduler: scheduler) }
        #expect(res.events == [.next(203, 0), .completed(203)])
    }

    @Test func disposedTimerLeavesNoPendingAction() {
        let scheduler = TestScheduler()
        let subscription = Observable<Int>.timer(.seconds(100), scheduler: scheduler).subscribe()
        #expect(scheduler.pendingCount == 1)
        scheduler.advanceTo(50)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
    }

    @Test func filterAndMapOverAPeriodicTimer() {
        let scheduler = TestScheduler()
        let res = scheduler.start(disposed: 260) {
            Observable<Int>.interval(.seconds(10), scheduler: scheduler).filter { $0 % 2 == 0 }.map { "\($0)" }
        }
        #expect(res.events == [.next(210, "0"), .next(230, "2"), .next(250, "4")])
    }
}
