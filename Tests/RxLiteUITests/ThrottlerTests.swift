import Dispatch
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

@Suite(.checksResources)
struct ThrottlerTests {
    // Without the processing delay an action handed to `schedule` runs at the tick of the call.
    let scheduler = TestScheduler(simulateProcessingDelay: false)
    let log = RunLog()

    @Test func theDefaultIsTheButtonGuardThatDropsCallsInsideTheWindow() {
        // `latest: false` by default, as onTap(throttle:) (the choice is stated in Throttler's docs).
        let throttler = Throttler(dueTime: .seconds(30), scheduler: scheduler)
        throttler.call(log.action("a", scheduler))
        scheduler.advanceTo(10)
        throttler.call(log.action("b", scheduler))
        scheduler.start()
        #expect(log.entries == [ran(0, "a")])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func withoutLatestCallsInsideTheWindowAreDropped() {
        let throttler = Throttler(dueTime: .seconds(30), latest: false, scheduler: scheduler)
        throttler.call(log.action("a", scheduler))
        scheduler.advanceTo(10)
        throttler.call(log.action("b", scheduler))
        scheduler.advanceTo(29)
        throttler.call(log.action("c", scheduler))
        scheduler.advanceTo(45)
        throttler(log.action("d", scheduler))
        scheduler.start()
        #expect(log.entries == [ran(0, "a"), ran(45, "d")])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func latestRunsTheLastCallAtTheWindowEnd() {
        let throttler = Throttler(dueTime: .seconds(30), latest: true, scheduler: scheduler)
        throttler.call(log.action("a", scheduler))
        scheduler.advanceTo(10)
        throttler.call(log.action("b", scheduler))
        throttler.call(log.action("c", scheduler))
        scheduler.advanceTo(40)
        throttler.call(log.action("d", scheduler))
        scheduler.start()
        // c runs at 30 and opens a window to 60, so d waits for 60.
        #expect(log.entries == [ran(0, "a"), ran(30, "c"), ran(60, "d")])
        #expect(scheduler.pendingCount == 0)
    }

    @Test(arguments: [true, false])
    func callExactlyAtTheWindowEndRunsAtOnce(latest: Bool) {
        let throttler = Throttler(dueTime: .seconds(30), latest: latest, scheduler: scheduler)
        throttler.call(log.action("a", scheduler))
        scheduler.advanceTo(30)
        throttler.call(log.action("b", scheduler))
        scheduler.start()
        #expect(log.entries == [ran(0, "a"), ran(30, "b")])
    }

    @Test func cancelDropsTheWaitingCallAndClosesTheWindow() {
        let throttler = Throttler(dueTime: .seconds(30), latest: true, scheduler: scheduler)
        throttler.call(log.action("a", scheduler))
        scheduler.advanceTo(10)
        throttler.call(log.action("b", scheduler))
        #expect(scheduler.pendingCount == 1)
        throttler.cancel()
        #expect(scheduler.pendingCount == 0)
        throttler.call(log.action("c", scheduler))
        scheduler.start()
        #expect(log.entries == [ran(0, "a"), ran(10, "c")])
    }

    @Test func deallocationCancelsTheWaitingCall() {
        var throttler: Throttler? = Throttler(dueTime: .seconds(30), latest: true, scheduler: scheduler)
        throttler?.call(log.action("a", scheduler))
        scheduler.advanceTo(10)
        throttler?.call(log.action("b", scheduler))
        #expect(scheduler.pendingCount == 1)
        weak let weakThrottler = throttler
        throttler = nil
        #expect(weakThrottler == nil)
        #expect(scheduler.pendingCount == 0)
        scheduler.start()
        #expect(log.labels == ["a"])
    }

    @Test func pendingWorkDoesNotKeepTheThrottlerAlive() {
        weak var weakThrottler: Throttler?
        do {
            let throttler = Throttler(dueTime: .seconds(30), latest: true, scheduler: scheduler)
            throttler.call(log.action("a", scheduler))
            throttler.call(log.action("b", scheduler))
            weakThrottler = throttler
        }
        #expect(weakThrottler == nil)
        scheduler.start()
        #expect(log.labels.isEmpty)
    }

    @Test(arguments: [true, false])
    func callsFromSeveralThreadsAtOnceRunOncePerWindow(latest: Bool) {
        let throttler = Throttler(dueTime: .seconds(30), latest: latest, scheduler: scheduler)
        let log = self.log
        let scheduler = self.scheduler
        DispatchQueue.concurrentPerform(iterations: 1_000) { index in
            throttler.call(log.action("\(index)", scheduler))
        }
        #expect(scheduler.pendingCount == (latest ? 2 : 1))
        scheduler.start()
        #expect(log.entries.count == (latest ? 2 : 1))
        #expect(log.entries.map(\.time) == (latest ? [0, 30] : [0]))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aLongBurstArmsOneTimerPerWindow() {
        let throttler = Throttler(dueTime: .seconds(30), latest: true, scheduler: scheduler)
        for tick in 0..<30 {
            scheduler.advanceTo(tick)
            for index in 0..<100 { throttler.call(log.action("\(tick).\(index)", scheduler)) }
            // At 0 the first call's run is still queued beside the timer.
            #expect(scheduler.pendingCount <= (tick == 0 ? 2 : 1))
        }
        scheduler.start()
        #expect(log.entries == [ran(0, "0.0"), ran(30, "29.99")])
    }
}
