import Dispatch
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

@Suite(.checksResources)
struct DebouncerTests {
    let scheduler = TestScheduler(simulateProcessingDelay: false)
    let log = RunLog()

    @Test func runsOnlyTheLastCallOnceTheWaitPasses() {
        let debouncer = Debouncer(dueTime: .seconds(30), scheduler: scheduler)
        debouncer.call(log.action("a", scheduler))
        scheduler.advanceTo(10)
        debouncer.call(log.action("b", scheduler))
        scheduler.advanceTo(25)
        debouncer(log.action("c", scheduler))
        scheduler.advanceTo(100)
        debouncer.call(log.action("d", scheduler))
        scheduler.start()
        #expect(log.entries == [ran(55, "c"), ran(130, "d")])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func callExactlyAtTheDeadlineReplacesTheWaitingOne() {
        let debouncer = Debouncer(dueTime: .seconds(30), scheduler: scheduler)
        debouncer.call(log.action("a", scheduler))
        scheduler.advanceTo(29)
        scheduler.sleep(1)
        debouncer.call(log.action("b", scheduler))
        scheduler.start()
        #expect(log.entries == [ran(60, "b")])
    }

    @Test func flushRunsTheWaitingCallNowAndCancelsItsTimer() {
        let debouncer = Debouncer(dueTime: .seconds(30), scheduler: scheduler)
        debouncer.call(log.action("a", scheduler))
        scheduler.advanceTo(10)
        #expect(debouncer.hasPendingAction)
        debouncer.flush()
        #expect(!debouncer.hasPendingAction)
        scheduler.advanceTo(10)
        #expect(log.entries == [ran(10, "a")])
        #expect(scheduler.pendingCount == 0)
        debouncer.flush()
        debouncer.call(log.action("b", scheduler))
        scheduler.start()
        #expect(log.entries == [ran(10, "a"), ran(40, "b")])
    }

    @Test func cancelDropsTheWaitingCall() {
        let debouncer = Debouncer(dueTime: .seconds(30), scheduler: scheduler)
        debouncer.call(log.action("a", scheduler))
        #expect(scheduler.pendingCount == 1)
        debouncer.cancel()
        #expect(scheduler.pendingCount == 0)
        scheduler.advanceTo(5)
        debouncer.call(log.action("b", scheduler))
        scheduler.start()
        #expect(log.entries == [ran(35, "b")])
    }

    @Test func deallocationCancelsTheWaitingCall() {
        var debouncer: Debouncer? = Debouncer(dueTime: .seconds(30), scheduler: scheduler)
        debouncer?.call(log.action("a", scheduler))
        #expect(scheduler.pendingCount == 1)
        weak let weakDebouncer = debouncer
        debouncer = nil
        #expect(weakDebouncer == nil)
        #expect(scheduler.pendingCount == 0)
        scheduler.start()
        #expect(log.entries.isEmpty)
    }

    @Test func callsFromSeveralThreadsAtOnceRunTheLastOnce() {
        let debouncer = Debouncer(dueTime: .seconds(30), scheduler: scheduler)
        let log = self.log
        let scheduler = self.scheduler
        DispatchQueue.concurrentPerform(iterations: 1_000) { index in
            debouncer.call(log.action("\(index)", scheduler))
        }
        #expect(scheduler.pendingCount == 1)
        scheduler.start()
        #expect(log.entries.count == 1)
        #expect(log.entries.first?.time == 30)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func callsFromSeveralThreadsRacingCancelAndFlushLoseNothing() {
        // Whatever the interleaving, at most one action runs per flush or deadline, and no timer is left.
        let debouncer = Debouncer(dueTime: .seconds(30), scheduler: scheduler)
        let log = self.log
        let scheduler = self.scheduler
        DispatchQueue.concurrentPerform(iterations: 2_000) { index in
            switch index % 10 {
            case 0: debouncer.cancel()
            case 5: debouncer.flush()
            default: debouncer.call(log.action("\(index)", scheduler))
            }
        }
        #expect(scheduler.pendingCount <= 401)
        debouncer.cancel()
        scheduler.start()
        #expect(log.entries.count <= 200)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aSteadyStreamOfCallsKeepsOneTimer() {
        let debouncer = Debouncer(dueTime: .seconds(30), scheduler: scheduler)
        for tick in 0..<100 {
            scheduler.advanceTo(tick)
            debouncer.call(log.action("\(tick)", scheduler))
            #expect(scheduler.pendingCount == 1)
        }
        scheduler.start()
        #expect(log.entries == [ran(129, "99")])
    }
}
