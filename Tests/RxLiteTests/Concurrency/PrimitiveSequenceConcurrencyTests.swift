import Foundation
import RxLite
import RxLiteTest
import Testing

/// Suspends until the surrounding task is cancelled (an `AsyncStream` loop ends on cancellation); no sleep.
private func suspendUntilCancelled() async {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    for await _ in stream {}
    continuation.finish()
}

/// A single that never ends by itself: it opens `subscribed` when subscribed and `disposed` when disposed.
private func pendingSingle(subscribed: Gate, disposed: Gate) -> Single<Int> {
    Single<Int>.create { _ in
        subscribed.open()
        return Disposables.create { disposed.open() }
    }
}

@Suite(.checksResources) struct SingleFromAsyncWorkTests {
    @Test func emitsTheResultOfTheWork() async throws {
        let baseline = Resources.total
        #expect(try await Single.create { 6 * 7 }.value == 42)
        await expectResourcesReturn(to: baseline)
    }

    @Test func theWorksErrorIsTheFailure() async {
        let baseline = Resources.total
        await #expect(throws: SampleError(code: 3)) {
            try await Single<Int>.create { throw SampleError(code: 3) }.value
        }
        await expectResourcesReturn(to: baseline)
    }

    @Test func disposingCancelsTheTaskAndNothingIsEmitted() async {
        let baseline = Resources.total
        let started = Gate()
        let workEnded = Gate()
        let results = Protected<[String]>([])
        var subscription: (any Disposable)? = Single<Int>.create {
            started.open()
            await suspendUntilCancelled()
            workEnded.open()
            return 1  // returned after cancellation: must not be emitted
        }.subscribe { result in results.withLock { $0.append("\(result)") } }
        await started.wait()
        subscription?.dispose()
        subscription = nil
        await workEnded.wait()
        await expectResourcesReturn(to: baseline)
        #expect(results.withLock { $0 }.isEmpty)
    }

    @Test func maybeAndCompletableFromAsyncWork() async throws {
        let baseline = Resources.total
        #expect(try await Maybe.create { Optional(5) }.value == 5)
        #expect(try await Maybe<Int>.create { nil }.value == nil)
        let ran = RxAtomic<Int>(0)
        try await Completable.create { ran.add(1, ordering: .relaxed) }.value
        let runs = ran.load(ordering: .relaxed)
        #expect(runs == 1)
        await #expect(throws: SampleError(code: 4)) {
            try await Completable.create { throw SampleError(code: 4) }.value
        }
        await expectResourcesReturn(to: baseline)
    }
}

@Suite(.checksResources) struct AwaitingValueTests {
    @Test func singleValueReturnsTheElementOrThrows() async throws {
        let baseline = Resources.total
        #expect(try await Single.just(1).value == 1)
        #expect(try await Observable.of(7).asSingle().value == 7)
        await #expect(throws: RxError.noElements) { try await Observable<Int>.empty().asSingle().value }
        await #expect(throws: SampleError()) { try await Single<Int>.error(SampleError()).value }
        await expectResourcesReturn(to: baseline)
    }

    @Test func maybeValueIsNilWhenEmpty() async throws {
        let baseline = Resources.total
        #expect(try await Maybe.just(2).value == 2)
        #expect(try await Maybe<Int>.empty().value == nil)
        await #expect(throws: SampleError()) { try await Maybe<Int>.error(SampleError()).value }
        await expectResourcesReturn(to: baseline)
    }

    @Test func completableValueWaitsForCompletion() async throws {
        let baseline = Resources.total
        try await Completable.empty().value
        await #expect(throws: SampleError()) { try await Completable.error(SampleError()).value }
        await expectResourcesReturn(to: baseline)
    }

    @Test func valueAwaitsAResultDeliveredLaterFromAnotherThread() async throws {
        let baseline = Resources.total
        let single = Single<Int>.create { observer in
            DispatchQueue.global().async { observer(.success(9)) }
            return Disposables.create()
        }
        #expect(try await single.value == 9)
        await expectResourcesReturn(to: baseline)
    }

    @Test func cancellingTheAwaitingTaskDisposesAndThrowsCancellationError() async {
        let baseline = Resources.total
        let subscribed = Gate()
        let disposed = Gate()
        let awaiting = Task { try await pendingSingle(subscribed: subscribed, disposed: disposed).value }
        await subscribed.wait()
        awaiting.cancel()
        await disposed.wait()
        let outcome = await awaiting.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        await expectResourcesReturn(to: baseline)
    }

    /// As RxSwift: a task cancelled before it awaits still subscribes. An end during `subscribe` wins (a completion
    /// is no cancellation); a sequence still running then is disposed at once and the caller gets
    /// `CancellationError` (RxSwift's `value` would wait for it forever).
    @Test func anAlreadyCancelledTaskSubscribesAndAnEndDuringSubscribeWins() async {
        let baseline = Resources.total
        let subscriptions = RxAtomic<Int>(0)
        let disposals = RxAtomic<Int>(0)
        let pending = Single<Int>.create { _ in
            subscriptions.add(1, ordering: .relaxed)
            return Disposables.create { disposals.add(1, ordering: .relaxed) }
        }
        let awaiting = Task { () -> [String] in
            withUnsafeCurrentTask { $0?.cancel() }
            var outcomes: [String] = []
            func note(_ work: () async throws -> String) async {
                do { outcomes.append(try await work()) } catch { outcomes.append("\(type(of: error))") }
            }
            await note { try await Single.just(1).value.description }
            await note { String(describing: try await Maybe.just(2).value) }
            await note { String(describing: try await Maybe<Int>.empty().value) }
            await note {
                try await Completable.empty().value; return "completed"
            }
            await note { try await Single<Int>.error(TestError()).value.description }
            await note { try await pending.value.description }
            return outcomes
        }
        let outcomes = await awaiting.value
        #expect(outcomes == ["1", "Optional(2)", "nil", "completed", "TestError", "CancellationError"])
        let subscribed = subscriptions.load(ordering: .relaxed)
        let disposed = disposals.load(ordering: .relaxed)
        #expect(subscribed == 1)
        #expect(disposed == 1)
        await expectResourcesReturn(to: baseline)
    }

    /// The result arrives from another thread while the awaiting task is being cancelled: either may win, the
    /// caller always resumes exactly once, and nothing is left behind.
    @Test func cancellationRacingTheResultNeverHangsNorLeaks() async {
        let baseline = Resources.total
        var successes = 0
        var cancellations = 0
        for _ in 0..<300 {
            let single = Single<Int>.create { observer in
                DispatchQueue.global().async { observer(.success(1)) }
                return Disposables.create()
            }
            let awaiting = Task { try await single.value }
            awaiting.cancel()
            switch await awaiting.result {
            case .success(let value):
                #expect(value == 1)
                successes += 1
            case .failure(let error):
                #expect(error is CancellationError)
                cancellations += 1
            }
        }
        #expect(successes + cancellations == 300)
        await expectResourcesReturn(to: baseline)
    }
}

/// The rules where the surrounding code is `@MainActor`:
/// - `Observable.task`/`Single.create` work runs with its own isolation: `{ @MainActor in ... }` runs on the main
///   actor, an unannotated closure on the concurrency pool;
/// - `value` and `values` resume the awaiting code on its own isolation, whichever thread the sequence emitted on.
@MainActor
@Suite(.checksResources) struct MainActorBridgingTests {
    @Test func mainActorWorkInSingleCreateRunsOnTheMainActor() async throws {
        let baseline = Resources.total
        let model = MainActorCounter()
        let count = try await Single.create { @MainActor in
            model.increment()
            return model.count
        }.value
        #expect(count == 1)
        await expectResourcesReturn(to: baseline)
    }

    @Test func aMainActorCallerResumesOnTheMainActorAfterABackgroundResult() async throws {
        let baseline = Resources.total
        let model = MainActorCounter()
        let emittedOnMainThread = RxAtomic<Bool>(true)
        let single = Single<Int>.create { observer in
            DispatchQueue.global().async {
                emittedOnMainThread.store(Thread.isMainThread, ordering: .relaxed)
                observer(.success(1))
            }
            return Disposables.create()
        }
        _ = try await single.value
        let emittedOnMain = emittedOnMainThread.load(ordering: .relaxed)
        #expect(!emittedOnMain)
        MainActor.assertIsolated()
        model.increment()  // main-actor state, touched right after the await
        #expect(model.count == 1)
        await expectResourcesReturn(to: baseline)
    }

    @Test func driverValuesOnTheMainActor() async {
        let relay = BehaviorRelay(value: 1)
        let baseline = Resources.total
        var received: [Int] = []
        for await value in relay.asDriver().values {
            received.append(value)
            if value == 3 { break }
            relay.accept(value + 1)
        }
        #expect(received == [1, 2, 3])
        await expectResourcesReturn(to: baseline)
    }

    @Test func signalValuesEndWithTheSignal() async {
        let baseline = Resources.total
        var received: [Int] = []
        for await value in Observable.of(1, 2).asSignal(onErrorJustReturn: 0).values { received.append(value) }
        #expect(received == [1, 2])
        await expectResourcesReturn(to: baseline)
    }
}
