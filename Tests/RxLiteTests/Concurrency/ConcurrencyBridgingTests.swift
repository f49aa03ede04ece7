import Dispatch
import RxLite
import RxLiteTest
import Testing

/// Yields (never sleeps) until `condition` holds, at most 100,000 times, so a bug fails the test instead of hanging.
func waitUntil(_ condition: () -> Bool) async {
    var attempts = 0
    while !condition() && attempts < 100_000 {
        await Task.yield()
        attempts += 1
    }
}

/// A gate an async test opens from elsewhere; `wait()` suspends until it is open.
final class Gate: @unchecked Sendable {
    private let box = DispatchSemaphoreBox()
    func open() { box.signal() }
    func wait() async { await box.wait() }
}

@Suite(.checksResources) struct ObservableTaskTests {
    @Test func emitsTheResultThenCompletes() async throws {
        let baseline = Resources.total
        var received: [Int] = []
        for try await value in Observable.task({ 6 * 7 }).values { received.append(value) }
        #expect(received == [42])
        await expectResourcesReturn(to: baseline)
    }

    @Test func thrownErrorIsEmitted() async {
        let baseline = Resources.total
        await #expect(throws: SampleError(code: 5)) {
            for try await _ in Observable<Int>.task({ throw SampleError(code: 5) }).values {}
        }
        await expectResourcesReturn(to: baseline)
    }

    @Test func disposeCancelsTheTaskAndNothingIsEmitted() async {
        let baseline = Resources.total
        let started = Gate()
        let sawCancellation = Gate()
        let log = EventLog<Int>()
        var subscription: (any Disposable)? = Observable<Int>.task {
            await withTaskCancellationHandler {
                started.open()
                // Suspend until cancelled: a continuation resumed only by the cancellation handler.
                await CancellationWaiter.shared.waitForCancellation()
            } onCancel: {
                CancellationWaiter.shared.cancelAll()
            }
            sawCancellation.open()
            return 1
        }.subscribe(log)
        await started.wait()
        subscription?.dispose()
        subscription = nil
        await sawCancellation.wait()
        await expectResourcesReturn(to: baseline)
        #expect(log.events.isEmpty)
    }

    @MainActor
    @Test func mainActorWorkRunsOnTheMainActor() async throws {
        let baseline = Resources.total
        let model = MainActorCounter()
        var results: [Int] = []
        for try await count in Observable.task({ @MainActor in
            model.increment()
            return model.count
        }).values {
            results.append(count)
        }
        #expect(results == [1])
        await expectResourcesReturn(to: baseline)
    }
}

@MainActor
final class MainActorCounter {
    private(set) var count = 0
    func increment() { count += 1 }
}

/// Parks tasks until they are cancelled.
final class CancellationWaiter: @unchecked Sendable {
    static let shared = CancellationWaiter()
    private let lock = NSLockLike()
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var cancelled = false

    func waitForCancellation() async {
        await withCheckedContinuation { continuation in
            let resumeNow = lock.withLock { () -> Bool in
                if cancelled { return true }
                waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
        lock.withLock { cancelled = false }
    }

    func cancelAll() {
        let parked = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            cancelled = waiters.isEmpty
            let parked = waiters
            waiters = []
            return parked
        }
        for continuation in parked { continuation.resume() }
    }
}

@Suite(.checksResources) struct ValuesTests {
    @Test func loopEndsWithTheSequence() async throws {
        let baseline = Resources.total
        var received: [Int] = []
        for try await value in Observable.of(1, 2, 3).values { received.append(value) }
        #expect(received == [1, 2, 3])
        await expectResourcesReturn(to: baseline)
    }

    @Test func breakingOutDisposesTheSubscription() async throws {
        let baseline = Resources.total
        let subject = BehaviorSubject(value: 1)
        var received: [Int] = []
        for try await value in subject.values {
            received.append(value)
            if value == 3 { break }
            subject.onNext(value + 1)
        }
        #expect(received == [1, 2, 3])
        // The stream ends when its iterator goes away, and the subscription goes with it.
        await waitUntil { !subject.hasObservers }
        #expect(!subject.hasObservers)
        await expectResourcesReturn(to: baseline + 1)
    }

    @Test func cancellingTheLoopingTaskDisposes() async {
        let subject = PublishSubject<Int>()
        let firstValue = Gate()
        let loop = Task {
            for try await _ in subject.values { firstValue.open() }
        }
        await waitUntil { subject.hasObservers }
        subject.onNext(1)
        await firstValue.wait()
        loop.cancel()
        let outcome = await loop.result
        await waitUntil { !subject.hasObservers }
        #expect(!subject.hasObservers)
        // Not a normal end: code after the loop must not believe the sequence completed (RxSwift throws too).
        #expect(throws: CancellationError.self) { try outcome.get() }
    }

    @Test func aLoopWhoseSequenceCompletedBeforeTheCancelEndsNormally() async throws {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onCompleted()
        let loop = Task { () async throws -> [Int] in
            var received: [Int] = []
            for try await value in subject.values { received.append(value) }
            return received
        }
        #expect(try await loop.value == [1])
        loop.cancel()
        #expect(try await loop.value == [1])
    }

    @Test func errorIsThrownFromTheLoop() async {
        await #expect(throws: SampleError()) {
            for try await _ in Observable<Int>.error(SampleError()).values {}
        }
    }
}

@Suite(.checksResources) struct AsyncSequenceAsObservableTests {
    @Test func emitsEveryElementThenCompletes() async throws {
        let baseline = Resources.total
        let stream = AsyncStream<Int> { continuation in
            for value in 1...5 { continuation.yield(value) }
            continuation.finish()
        }
        var received: [Int] = []
        for try await value in stream.asObservable().map({ $0 * 2 }).values { received.append(value) }
        #expect(received == [2, 4, 6, 8, 10])
        await expectResourcesReturn(to: baseline)
    }

    @Test func disposeCancelsTheIteration() async {
        let baseline = Resources.total
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let terminated = Gate()
        continuation.onTermination = { _ in terminated.open() }
        let log = EventLog<Int>()
        var subscription: (any Disposable)? = stream.asObservable().subscribe(log)
        continuation.yield(1)
        await waitUntil { log.count >= 1 }
        subscription?.dispose()
        subscription = nil
        await terminated.wait()
        continuation.yield(2)
        await expectResourcesReturn(to: baseline)
        #expect(log.elements == [1])
    }

    @Test func aSubscriptionMadeOnTheMainQueueIteratesOffIt() async {
        let key = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        defer { DispatchQueue.main.setSpecific(key: key, value: nil) }
        let iteratedOnMain = Protected<[Bool]>([])
        let handledOnMain = Protected<[Bool]>([])
        let remaining = Protected(3)
        let stream = AsyncStream<Int>(unfolding: {
            iteratedOnMain.withLock { $0.append(DispatchQueue.getSpecific(key: key) == 1) }
            return remaining.withLock { count in
                defer { count -= 1 }
                return count > 0 ? count : nil
            }
        })
        let done = Gate()
        DispatchQueue.main.async {
            // This closure is main-actor isolated, so its handlers are too: they run on the main actor (as Swift 6
            // requires of them; DifferencesFromRxSwift), while the sequence is iterated in a task off the main queue.
            _ = stream.asObservable().subscribe(
                onNext: { _ in handledOnMain.withLock { $0.append(DispatchQueue.getSpecific(key: key) == 1) } },
                onCompleted: { done.open() })
        }
        await done.wait()
        #expect(iteratedOnMain.withLock { $0 } == [false, false, false, false])
        #expect(handledOnMain.withLock { $0 } == [true, true, true])
    }

    @Test func theIterationIsDetachedFromTheSubscribingTask() async throws {
        // As RxSwift's: the iterating task inherits neither the subscriber's priority nor its task-local values.
        let stream = AsyncStream<Int>(unfolding: { IterationMarker.value })
        let first = try await IterationMarker.$value.withValue(7) {
            try await stream.asObservable().take(1).asSingle().value
        }
        #expect(first == 0)
    }

    @Test func throwingSequenceForwardsItsError() async {
        let stream = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: SampleError(code: 9))
        }
        var received: [Int] = []
        await #expect(throws: SampleError(code: 9)) {
            for try await value in stream.asObservable().values { received.append(value) }
        }
        #expect(received == [1])
    }
}

/// A task-local value the detached iteration must not see.
private enum IterationMarker {
    @TaskLocal static var value = 0
}
