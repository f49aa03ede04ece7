import Foundation
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct TestSchedulerTests {
    @Test func actionsRunInTimeOrderAndSameTickInSchedulingOrder() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("c@\(scheduler.clock)") }
        #expect(scheduler.clock == 0)
        scheduler.start()
        #expect(log == ["a@10", "b@20", "c@20"])
        #expect(scheduler.clock == 20)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func initialClockAndNowFollowResolution() {
        let scheduler = TestScheduler(initialClock: 30, resolution: 0.1)
        #expect(scheduler.clock == 30)
        #expect(abs(scheduler.now.timeIntervalSince1970 - 3.0) < 1e-9)
        #expect(TestScheduler().now == Date(timeIntervalSince1970: 0))
    }

    @Test func processingDelayMovesWorkForNowToTheNextTick() {
        let scheduler = TestScheduler(initialClock: 10)
        var log: [String] = []
        _ = scheduler.schedule(()) { _ in
            log.append("schedule@\(scheduler.clock)")
            _ = scheduler.schedule(()) { _ in
                log.append("nested@\(scheduler.clock)")
                return Disposables.create()
            }
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(0)) { _ in
            log.append("zero@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            log.append("one@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(2)) { _ in
            log.append("two@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        // "two" was scheduled before "nested", so it runs first at tick 12.
        #expect(log == ["schedule@11", "zero@11", "one@11", "two@12", "nested@12"])
    }

    @Test func withoutProcessingDelayWorkForNowRunsAtTheCurrentTick() {
        let scheduler = TestScheduler(initialClock: 10, simulateProcessingDelay: false)
        var log: [String] = []
        scheduler.scheduleAt(10) { log.append("at@\(scheduler.clock)") }
        _ = scheduler.schedule(()) { _ in
            log.append("schedule@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            log.append("one@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        #expect(log == ["at@10", "schedule@10", "one@11"])
    }

    @Test func virtualTimeSchedulingIsNeverDelayed() {
        let scheduler = TestScheduler(initialClock: 10)
        var log: [String] = []
        _ = scheduler.scheduleRelativeVirtual((), dueTime: 0) { _ in
            log.append("relative@\(scheduler.clock)")
            return Disposables.create()
        }
        _ = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
            log.append("absolute@\(scheduler.clock)")
            return Disposables.create()
        }
        scheduler.start()
        #expect(log == ["relative@10", "absolute@10"])
    }

    @Test func anActionInThePastRunsAtTheCurrentClockBeforeLaterOnes() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.advanceTo(10)
        scheduler.scheduleAt(10) { log.append("now@\(scheduler.clock)") }
        scheduler.scheduleAt(5) { log.append("past@\(scheduler.clock)") }
        scheduler.start()
        #expect(log == ["past@10", "now@10"])
        #expect(scheduler.clock == 10)
    }

    @Test(
        arguments: [
            (1.0, DispatchTimeInterval.seconds(3), 3),
            (0.1, .milliseconds(300), 3),
            (0.1, .seconds(1), 10),
            (1.0, .milliseconds(1500), 2),
            (1.0, .milliseconds(2499), 2),
            (10.0, .seconds(25), 3),
            (0.5, .seconds(2), 4),
            (0.001, .microseconds(20_000), 20),
        ])
    func relativeTimeBecomesTicksRoundedLikeRxTest(resolution: Double, dueTime: DispatchTimeInterval, ticks: Int) {
        let scheduler = TestScheduler(initialClock: 100, resolution: resolution)
        var ranAt: TestTime?
        _ = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            ranAt = scheduler.clock
            return Disposables.create()
        }
        scheduler.start()
        #expect(ranAt == 100 + ticks)
    }

    @Test func lessThanHalfATickIsNowAndSoTheNextTick() {
        let scheduler = TestScheduler(initialClock: 100, resolution: 1)
        var ranAt: TestTime?
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(400)) { _ in
            ranAt = scheduler.clock
            return Disposables.create()
        }
        scheduler.start()
        #expect(ranAt == 101)
    }

    @Test func neverDueTimeSchedulesNothing() {
        let scheduler = TestScheduler()
        _ = scheduler.scheduleRelative((), dueTime: .never) { _ in Disposables.create() }
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposingAPendingActionRemovesIt() {
        let scheduler = TestScheduler()
        var log: [TestTime] = []
        let first = scheduler.scheduleAt(10) { log.append(10) }
        let second = scheduler.scheduleAt(20) { log.append(20) }
        scheduler.scheduleAt(20) { log.append(21) }
        #expect(scheduler.pendingCount == 3)
        second.dispose()
        #expect(scheduler.pendingCount == 2)
        second.dispose()
        #expect(scheduler.pendingCount == 2)
        scheduler.start()
        #expect(log == [10, 21])
        first.dispose()
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposingARunActionDisposesWhatItReturned() {
        let scheduler = TestScheduler()
        var returnedDisposed = false
        let item = scheduler.schedule(()) { _ in Disposables.create { returnedDisposed = true } }
        scheduler.start()
        #expect(!returnedDisposed)
        item.dispose()
        #expect(returnedDisposed)
    }

    @Test func disposingFromInsideTheActionDisposesWhatItReturns() {
        let scheduler = TestScheduler()
        var returnedDisposed = false
        var item: (any Disposable)?
        item = scheduler.schedule(()) { _ in
            item?.dispose()
            return Disposables.create { returnedDisposed = true }
        }
        scheduler.start()
        #expect(returnedDisposed)
    }

    @Test func periodicRunsEveryPeriodAndStopsWhenDisposed() {
        let scheduler = TestScheduler()
        var runs: [String] = []
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(5), period: .seconds(10)) { count in
            runs.append("\(count)@\(scheduler.clock)")
            return count + 1
        }
        scheduler.advanceTo(40)
        #expect(runs == ["0@5", "1@15", "2@25", "3@35"])
        #expect(scheduler.pendingCount == 1)
        periodic.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.advanceTo(100)
        #expect(runs.count == 4)
    }

    @Test func periodicWithZeroStartRunsAfterTheProcessingDelay() {
        let scheduler = TestScheduler()
        var runs: [TestTime] = []
        let periodic = scheduler.schedulePeriodic((), startAfter: .seconds(0), period: .seconds(3)) { _ in
            runs.append(scheduler.clock)
        }
        scheduler.advanceTo(10)
        periodic.dispose()
        #expect(runs == [1, 4, 7, 10])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func periodicDisposedFromItsOwnActionLeavesNothing() {
        let scheduler = TestScheduler()
        var runs = 0
        var periodic: (any Disposable)?
        periodic = scheduler.schedulePeriodic((), startAfter: .seconds(1), period: .seconds(1)) { _ in
            runs += 1
            if runs == 3 { periodic?.dispose() }
        }
        scheduler.start()
        #expect(runs == 3)
        #expect(scheduler.clock == 3)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func advanceToRunsDueActionsAndSetsTheClock() {
        let scheduler = TestScheduler()
        var log: [TestTime] = []
        for time in [5, 15, 25] { scheduler.scheduleAt(time) { log.append(scheduler.clock) } }
        scheduler.advanceTo(15)
        #expect(log == [5, 15])
        #expect(scheduler.clock == 15)
        scheduler.advanceBy(7)
        #expect(scheduler.clock == 22)
        #expect(log == [5, 15])
        scheduler.advanceBy(3)
        #expect(log == [5, 15, 25])
    }

    @Test func sleepMovesTheClockWithoutRunningAnything() {
        let scheduler = TestScheduler()
        var ranAt: TestTime?
        scheduler.scheduleAt(30) { ranAt = scheduler.clock }
        scheduler.sleep(100)
        #expect(scheduler.clock == 100)
        #expect(ranAt == nil)
        scheduler.start()
        #expect(ranAt == 100)
    }

    @Test func stopEndsARunAfterTheCurrentAction() {
        let scheduler = TestScheduler()
        var log: [TestTime] = []
        scheduler.scheduleAt(10) {
            log.append(10)
            scheduler.stop()
        }
        scheduler.scheduleAt(20) { log.append(20) }
        scheduler.start()
        #expect(log == [10])
        #expect(scheduler.clock == 10)
        #expect(scheduler.pendingCount == 1)
        scheduler.start()
        #expect(log == [10, 20])
    }

    @Test func startFromAnActionDoesNothing() {
        let scheduler = TestScheduler()
        var log: [TestTime] = []
        scheduler.scheduleAt(10) {
            scheduler.start()
            log.append(scheduler.clock)
        }
        scheduler.scheduleAt(20) { log.append(scheduler.clock) }
        scheduler.start()
        #expect(log == [10, 20])
    }

    @Test func actionsScheduledFromAnotherThreadRun() async {
        let scheduler = TestScheduler()
        let ranAt = Box<TestTime?>(nil)
        await Task.detached {
            _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                ranAt.value = scheduler.clock
                return Disposables.create()
            }
        }.value
        #expect(scheduler.pendingCount == 1)
        scheduler.start()
        #expect(ranAt.value == 5)
    }
}

/// A mutable cell to pass into a closure that must be `Sendable`; used from one thread at a time.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
