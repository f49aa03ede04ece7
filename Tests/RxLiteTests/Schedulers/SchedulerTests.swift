import Dispatch
import Foundation
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct SchedulerTests {
    @Test func currentThreadSchedulerTrampolinesRecursiveWork() {
        var order: [String] = []
        var depth = 0
        var maxDepth = 0
        let scheduler = CurrentThreadScheduler.instance
        #expect(CurrentThreadScheduler.isScheduleRequired)
        _ = scheduler.schedule(()) { _ in
            depth += 1
            maxDepth = max(maxDepth, depth)
            order.append("outer")
            #expect(!CurrentThreadScheduler.isScheduleRequired)
            _ = scheduler.schedule(()) { _ in
                depth += 1
                maxDepth = max(maxDepth, depth)
                order.append("inner")
                depth -= 1
                return Disposables.create()
            }
            order.append("outer end")
            depth -= 1
            return Disposables.create()
        }
        #expect(order == ["outer", "outer end", "inner"])
        #expect(maxDepth == 1)
        #expect(CurrentThreadScheduler.isScheduleRequired)
    }

    @Test func scheduleRecursiveOnTheTrampolineDoesNotGrowTheStack() {
        var count = 0
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count += 1
            if value < 100_000 { recurse(value + 1) }
        }
        #expect(count == 100_001)
    }

    @Test func serialQueueSchedulerRunsActionsInOrder() async {
        let baseline = Resources.total
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "scheduler-test")
        let done = DispatchSemaphoreBox()
        let log = EventLog<Int>()
        for value in 0..<1_000 {
            _ = scheduler.schedule(value) { value in
                log.on(.next(value))
                if value == 999 { done.signal() }
                return Disposables.create()
            }
        }
        await done.wait()
        #expect(log.elements == Array(0..<1_000))
        #expect(log.contractViolations == 0)
        // Dispatched actions release their handles just after they run, on the queue's thread.
        await expectResourcesReturn(to: baseline)
    }

    @Test func cancelledDispatchActionNeverRuns() async {
        let baseline = Resources.total
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "scheduler-cancel")
        let done = DispatchSemaphoreBox()
        let ran = NSLockLike()
        var cancelledRan = false
        var cancelled: (any Disposable)? = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
            ran.withLock { cancelledRan = true }
            return Disposables.create()
        }
        cancelled?.dispose()
        cancelled = nil
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            done.signal()
            return Disposables.create()
        }
        await done.wait()
        #expect(ran.withLock { !cancelledRan })
        // Dispatched actions release their handles just after they run, on the queue's thread.
        await expectResourcesReturn(to: baseline)
    }

    @Test func testSchedulerPeriodicThroughTheDefaultImplementation() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [Int] = []
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(5), period: .seconds(10)) { state in
            ticks.append(scheduler.clock)
            return state + 1
        }
        scheduler.advanceTo(40)
        periodic.dispose()
        scheduler.advanceTo(100)
        #expect(ticks == [5, 15, 25, 35])
    }

    @Test(.checksResources(.processWide)) func mainSchedulerRunsImmediatelyOnlyOnTheMainQueue() async {
        let baseline = Resources.total
        let onMain = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                var ranInline = false
                _ = MainScheduler.instance.schedule(()) { _ in
                    ranInline = true
                    return Disposables.create()
                }
                continuation.resume(returning: ranInline && MainScheduler.isOnMainQueue)
            }
        }
        #expect(onMain)
        // Off the main queue the action is dispatched, not run on the calling thread.
        let offMain = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let caller = pthread_self()
                _ = MainScheduler.instance.schedule(()) { _ in
                    continuation.resume(returning: pthread_equal(caller, pthread_self()) == 0)
                    return Disposables.create()
                }
            }
        }
        #expect(offMain)
        // The dispatched action's handle is released by the main queue just after the action returns.
        await expectResourcesReturn(to: baseline)
    }

    @Test(.checksResources(.processWide)) func mainSchedulerIsASerialDispatchQueueScheduler() async {
        let baseline = Resources.total
        let serial: SerialDispatchQueueScheduler = MainScheduler.instance
        // Called through the base class, MainScheduler's own `schedule` still runs at once on the main queue.
        let ranInline = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                var ranInline = false
                _ = serial.schedule(()) { _ in
                    ranInline = true
                    return Disposables.create()
                }
                continuation.resume(returning: ranInline)
            }
        }
        #expect(ranInline)
        let ranOnMainQueue = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = serial.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
                    continuation.resume(returning: MainScheduler.isOnMainQueue)
                    return Disposables.create()
                }
            }
        }
        #expect(ranOnMainQueue)
        await expectResourcesReturn(to: baseline)
    }

    @Test func dispatchTimeIntervalConversion() {
        #expect(DispatchTimeInterval.seconds(2).timeInterval == 2)
        #expect(DispatchTimeInterval.milliseconds(1500).timeInterval == 1.5)
        #expect(DispatchTimeInterval.microseconds(250).timeInterval == 0.00025)
        #expect(DispatchTimeInterval.nanoseconds(5).timeInterval == 5e-9)
        #expect(DispatchTimeInterval.never.timeInterval == .infinity)
    }
}

@Suite(.checksResources) struct MoreSchedulerTests {
    @Test func operationQueueSchedulerRunsActionsAndCancels() {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
        let ran = Protected(0)
        let cancelled = scheduler.schedule(()) { _ in
            ran.withLock { $0 += 100 }
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            ran.withLock { $0 += 1 }
            return Disposables.create()
        }
        cancelled.dispose()
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        #expect(ran.withLock { $0 } == 1)
    }

    @Test func concurrentMainSchedulerRunsAtOnceOnTheMainQueue() async {
        let ranInline = await MainActor.run { () -> Bool in
            guard MainScheduler.isOnMainQueue else { return true }
            var ran = false
            _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                ran = true
                return Disposables.create()
            }
            return ran
        }
        #expect(ranInline)
    }

    @Test func serialSchedulerOnANamedQueueRunsTheConfigurationFirst() {
        let key = DispatchSpecificKey<Int>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "rxlite.test.configured",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: 7) })
        let seen = Protected<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            seen.withLock { $0 = DispatchQueue.getSpecific(key: key) }
            done.signal()
            return Disposables.create()
        }
        done.wait()
        #expect(seen.withLock { $0 } == 7)
    }

    /// `isOnMainQueue` asks libdispatch directly on Linux; it must say what `DispatchQueue.getSpecific` says, on the
    /// main queue (a dispatched block), on another queue, and on a queue that runs synchronously from the main one.
    @Test func isOnMainQueueAgreesWithTheQueueSpecificValue() async {
        let onMain = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                continuation.resume(
                    returning: (MainScheduler.isOnMainQueue, MainScheduler.isOnMainQueueBySpecificValue))
            }
        }
        #expect(onMain == (true, true))
        let offMain = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    returning: (MainScheduler.isOnMainQueue, MainScheduler.isOnMainQueueBySpecificValue))
            }
        }
        #expect(offMain == (false, false))
        let onQueueEnteredFromMain = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                DispatchQueue(label: "rxlite.test.from-main").sync {
                    continuation.resume(
                        returning: (MainScheduler.isOnMainQueue, MainScheduler.isOnMainQueueBySpecificValue))
                }
            }
        }
        #expect(onQueueEnteredFromMain.0 == onQueueEnteredFromMain.1)
    }

    /// Run on the main queue (dispatched there, as the test above does), the check lets the program go on, and it
    /// is on the main queue that it did.
    @Test func ensureExecutingOnSchedulerPassesOnTheMainQueue() async {
        let passedOnMainQueue = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                MainScheduler.ensureExecutingOnScheduler(errorMessage: "not on the main queue")
                continuation.resume(returning: MainScheduler.isOnMainQueue)
            }
        }
        #expect(passedOnMainQueue)
    }

    @Test func asyncSequenceAsObservableTakesAPriority() async throws {
        let stream = AsyncStream<Int> { continuation in
            continuation.yield(1)
            continuation.yield(2)
            continuation.finish()
        }
        let values = try await stream.asObservable(priority: .low).toArray().value
        #expect(values == [1, 2])
    }
}
