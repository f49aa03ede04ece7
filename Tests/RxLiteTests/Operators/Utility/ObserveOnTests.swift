import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct ObserveOnTests {
    @Test func deliversOnTheSchedulerInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-|", values: ["a": 1, "b": 2])
        let result = scheduler.start { source.observe(on: scheduler) }
        // The test scheduler runs scheduled work one tick later (RxTest's processing delay).
        #expect(result.events == [.next(211, 1), .next(231, 2), .completed(251)])
    }

    @Test func disposeCancelsPendingDelivery() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b", values: ["a": 1, "b": 2])
        let result = scheduler.start(disposed: 230) { source.observe(on: scheduler) }
        #expect(result.events == [.next(211, 1)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func onAVirtualClockEventsQueuedTogetherArriveATickApart() {
        let scheduler = TestScheduler(initialClock: 0)
        let result = scheduler.start { Observable.of(1, 2, 3).observe(on: scheduler) }
        // As RxSwift's observeOn on every scheduler but a serial dispatch queue: one event per scheduled action,
        // and the test scheduler runs work scheduled for now a tick later. (A real scheduler gets the burst in one
        // action: `aBurstIsOneScheduledDelivery`.)
        #expect(result.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    @Test func aBurstIsOneScheduledDelivery() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(log)
        for value in 0..<100 { subject.onNext(value) }
        #expect(scheduler.pendingCount == 1)
        scheduler.start()
        #expect(log.elements == Array(0..<100))
        subscription.dispose()
    }

    @Test func keepsOrderAcrossThreadsOnASerialQueue() async {
        let baseline = Resources.total
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on-test")
        let done = DispatchSemaphoreBox()
        let log = EventLog<Int>()
        var subscription: (any Disposable)? = Observable.range(start: 0, count: 10_000)
            .observe(on: scheduler)
            .do(afterCompleted: { done.signal() })
            .subscribe(log)
        await done.wait()
        #expect(log.elements == Array(0..<10_000))
        #expect(log.isCompleted)
        #expect(log.contractViolations == 0)
        subscription?.dispose()
        subscription = nil
        // Dispatched actions release their handles just after they run, on the queue's thread.
        await expectResourcesReturn(to: baseline)
    }

    /// On the main queue, with nothing of the main scheduler's waiting, `observe(on: MainScheduler.instance)`
    /// delivers at once, as `MainScheduler.schedule` would run the drain at once; an event the observer sends back
    /// into the source from inside the delivery comes after the current one, not nested in it.
    @Test(.checksResources(.processWide)) func onTheMainQueueTheMainSchedulerDeliversAtOnceAndInOrder() async {
        let baseline = Resources.total
        let (inline, order) = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                let subject = PublishSubject<Int>()
                var order: [String] = []
                let subscription = subject.observe(on: MainScheduler.instance).subscribe(onNext: { value in
                    order.append("start \(value)")
                    if value == 1 { subject.onNext(2) }
                    order.append("end \(value)")
                })
                subject.onNext(1)
                let inline = order.count
                subject.onNext(3)
                subscription.dispose()
                continuation.resume(returning: (inline, order))
            }
        }
        #expect(inline == 4)
        #expect(order == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
        await expectResourcesReturn(to: baseline)
    }
}

/// Waits without blocking a thread for a signal from another thread.
final class DispatchSemaphoreBox: @unchecked Sendable {
    private let lock = NSLockLike()
    private var signaled = false
    private var continuation: CheckedContinuation<Void, Never>?

    func signal() {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            signaled = true
            let continuation = self.continuation
            self.continuation = nil
            return continuation
        }
        continuation?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = lock.withLock { () -> Bool in
                if signaled { return true }
                self.continuation = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
