import Foundation
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

/// A task that logs its subscription and its cleanup.
private func loggedTask(_ name: String, _ log: RunLog, _ scheduler: TestScheduler, ticks: Int = 2) -> Observable<Int> {
    Observable<Int>.create { observer in
        log.record("\(name) starts", at: scheduler.clock)
        let timer = Observable<Int>.timer(.seconds(ticks), scheduler: scheduler).subscribe(observer)
        return Disposables.create {
            timer.dispose()
            log.record("\(name) cleans up", at: scheduler.clock)
        }
    }
}

@Suite(.checksResources) struct TaskSlotTests {
    @Test func runsUntilTheTaskCompletesAndIsRunningFollows() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let log = RunLog()
        let slot = TaskSlot()
        let running = scheduler.createObserver(Bool.self)
        let subscription = SharingScheduler.mock(scheduler: scheduler) {
            slot.isRunning.asObservable().subscribe(running)
        }
        slot.start(loggedTask("A", log, scheduler))
        #expect(slot.isRunningNow)
        scheduler.advanceTo(10)
        #expect(!slot.isRunningNow)
        #expect(log.entries == [ran(0, "A starts"), ran(2, "A cleans up")])
        #expect(running.events == [.next(0, false), .next(0, true), .next(2, false)])
        subscription.dispose()
    }

    @Test func startingAgainCancelsTheRunningTaskBeforeTheNextBegins() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let log = RunLog()
        let slot = TaskSlot()
        let running = scheduler.createObserver(Bool.self)
        let subscription = SharingScheduler.mock(scheduler: scheduler) {
            slot.isRunning.asObservable().subscribe(running)
        }
        slot.start(loggedTask("A", log, scheduler))
        scheduler.advanceTo(1)
        slot.start(loggedTask("B", log, scheduler))
        scheduler.advanceTo(10)
        #expect(
            log.entries == [ran(0, "A starts"), ran(1, "A cleans up"), ran(1, "B starts"), ran(3, "B cleans up")])
        #expect(running.events == [.next(0, false), .next(0, true), .next(3, false)], "no blink on restart")
        #expect(scheduler.pendingCount == 0)
        subscription.dispose()
    }

    @Test func cancelDisposesTheTaskAndNothingFollows() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let log = RunLog()
        let slot = TaskSlot()
        slot.cancel()  // idle: nothing to do
        slot.start(loggedTask("A", log, scheduler).do(onNext: { _ in log.record("A emits", at: scheduler.clock) }))
        scheduler.advanceTo(1)
        slot.cancel()
        slot.cancel()
        scheduler.advanceTo(10)
        #expect(log.entries == [ran(0, "A starts"), ran(1, "A cleans up")])
        #expect(!slot.isRunningNow)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aFailingTaskFreesTheSlot() {
        let slot = TaskSlot()
        slot.start(Observable<Int>.error(TestError()))
        #expect(!slot.isRunningNow)
        slot.start(Observable<Int>.never())
        #expect(slot.isRunningNow)
        slot.cancel()
    }

    @Test func aTaskMayRestartTheSlotFromItsOwnEvent() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let log = RunLog()
        let slot = TaskSlot()
        slot.start(
            loggedTask("A", log, scheduler, ticks: 1).do(onNext: { _ in
                slot.start(loggedTask("B", log, scheduler, ticks: 1))
            }))
        scheduler.advanceTo(10)
        #expect(
            log.entries == [ran(0, "A starts"), ran(1, "A cleans up"), ran(1, "B starts"), ran(2, "B cleans up")])
        #expect(!slot.isRunningNow)
    }

    @Test func deallocatingTheSlotCancelsItsTask() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let log = RunLog()
        var slot: TaskSlot? = TaskSlot()
        slot?.start(loggedTask("A", log, scheduler))
        slot = nil
        scheduler.advanceTo(10)
        #expect(log.entries == [ran(0, "A starts"), ran(0, "A cleans up")])
    }

    /// Several threads start and cancel tasks on one slot while another moves the clock. Every task that started
    /// cleans up exactly once, nothing is emitted after the last cancel, the slot ends idle (and says so last),
    /// and every object is released.
    @Test(.checksResources(.processWide)) func startAndCancelFromSeveralThreads() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let slot = TaskSlot()
        let starts = RxAtomic<Int>(0)
        let cleanups = RxAtomic<Int>(0)
        let elements = RxAtomic<Int>(0)
        let running = scheduler.createObserver(Bool.self)
        let subscription = SharingScheduler.mock(scheduler: scheduler) {
            slot.isRunning.asObservable().subscribe(running)
        }
        let task = Observable<Void>.create { observer in
            starts.add(1, ordering: .relaxed)
            let ticks = Observable<Int>.timer(.seconds(0), period: .seconds(1), scheduler: scheduler)
                .take(3)
                .subscribe(
                    onNext: { _ in elements.add(1, ordering: .relaxed) }, onCompleted: { observer.onCompleted() })
            return Disposables.create {
                ticks.dispose()
                cleanups.add(1, ordering: .relaxed)
            }
        }
        nonisolated(unsafe) let work = task
        let clockTicks = 3_000
        let operationsPerThread = 1_500
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for _ in 0..<clockTicks { scheduler.advanceTo(scheduler.clock + 1) }
                return
            }
            for operation in 0..<operationsPerThread {
                if (operation + thread) % 3 == 0 { slot.cancel() } else { slot.start(work) }
            }
        }
        slot.cancel()
        let elementsAtCancel = elements.load(ordering: .relaxed)
        scheduler.advanceTo(scheduler.clock + 100)
        let startCount = starts.load(ordering: .relaxed)
        let cleanupCount = cleanups.load(ordering: .relaxed)
        let elementCount = elements.load(ordering: .relaxed)
        let startCalls = (1...3).map { thread in
            (0..<operationsPerThread).filter { ($0 + thread) % 3 != 0 }.count
        }.reduce(0, +)
        #expect(startCount == startCalls, "every start subscribed its task once")
        #expect(cleanupCount == startCount, "each started task cleaned up exactly once")
        #expect(elementCount == elementsAtCancel, "no element after the last cancel")
        #expect(!slot.isRunningNow)
        #expect(running.events.last?.value.element == false, "the last published state is the true one")
        #expect(scheduler.pendingCount == 0, "no timer left behind")
        subscription.dispose()
    }

    /// `isRunning`'s observers (here, the scheduler a `Driver` delivers through) run with no lock of the slot held: a
    /// scheduler that takes a lock L while another thread holding L cancels the task used to hang both, because
    /// the slot fed its relay under a recursive lock.
    @Test func isRunningIsPublishedWithNoLockHeld() {
        let outsideLock = NSLock()
        let (scheduling, outsideLockTaken) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let armed = Locked(false)
        let scheduler = HookedImmediateScheduler {
            guard
                armed.withLock({ isArmed in
                    defer { isArmed = false }; return isArmed
                })
            else { return }
            scheduling.signal()
            outsideLockTaken.wait()
            outsideLock.lock()
            outsideLock.unlock()
        }
        let slot = TaskSlot()
        let states = Locked<[Bool]>([])
        let subscription = SharingScheduler.mock(scheduler: scheduler) {
            slot.isRunning.asObservable().subscribe(onNext: { state in states.withLock { $0.append(state) } })
        }
        armed.withLock { $0 = true }
        let started = DispatchSemaphore(value: 0)
        Thread {
            slot.start(Observable<Int>.never())
            started.signal()
        }.start()
        let cancelled = DispatchSemaphore(value: 0)
        Thread {
            scheduling.wait()
            outsideLock.lock()
            outsideLockTaken.signal()
            slot.cancel()
            outsideLock.unlock()
            cancelled.signal()
        }.start()
        let startReturned = started.wait(timeout: .now() + .seconds(10)) == .success
        let cancelReturned = cancelled.wait(timeout: .now() + .seconds(10)) == .success
        #expect(startReturned && cancelReturned, "deadlock: start and cancel never returned")
        guard startReturned && cancelReturned else { return }
        #expect(!slot.isRunningNow)
        #expect(states.withLock { $0.last } == false, "the last published state is the true one")
        subscription.dispose()
    }
}

/// Runs every action at once on the calling thread, after calling `beforeEach` (a test's handshake).
private final class HookedImmediateScheduler: SchedulerType {
    let beforeEach: @Sendable () -> Void

    init(beforeEach: @escaping @Sendable () -> Void) {
        self.beforeEach = beforeEach
    }

    var now: RxTime { Date() }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable) -> any Disposable {
        beforeEach()
        return action(state)
    }

    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        schedule(state, action: action)
    }
}
