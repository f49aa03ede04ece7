// Swift Concurrency for Single, Maybe and Completable: creating them from `async` work, and awaiting them
// (RxSwift 6.5's `value`).

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// A single that runs `work` in a new `Task` on each subscription and emits its result; a thrown error is the
    /// single's failure.
    ///
    /// Disposing the subscription cancels the task; a cancelled task emits nothing. `work` runs with its own
    /// isolation (`{ @MainActor in ... }` runs it on the main actor), and the result is delivered where `work`
    /// finished. A `detached` task does not inherit the subscribing task's priority or task-local values. Same as
    /// ``Observable/task(priority:_:)``, with the shape of a single.
    ///
    /// ```swift
    /// Single.create { try await client.search("swift") }
    /// ```
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil,
        work: @escaping @isolated(any) @Sendable () async throws -> sending Element
    ) -> Single<Element> {
        uncheckedCreate(detached: detached, priority: priority, work: work)
    }

    /// Subscribes, suspends until the single succeeds or fails, and returns the element or throws the error.
    ///
    /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`. The caller resumes
    /// on its own isolation, whichever thread the single delivered on: a `@MainActor` caller continues on the
    /// main actor.
    nonisolated(nonsending) public var value: Element {
        get async throws {
            try await AwaitedOutcome<Element>.await(primitiveSequence.asObservable()) { element in
                guard let element else { throw RxError.noElements }
                return element
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// A maybe that runs `work` in a new `Task` on each subscription and emits its result, or completes empty
    /// when the result is `nil`; a thrown error is the maybe's failure. Disposing cancels the task.
    public static func create(
        priority: TaskPriority? = nil, _ work: @escaping @isolated(any) @Sendable () async throws -> sending Element?
    ) -> Maybe<Element> {
        Maybe(raw: Observable<Element?>.task(priority: priority, work).compactMap { $0 })
    }

    /// Subscribes, suspends until the maybe ends, and returns its element (`nil` when it completed empty) or
    /// throws its error. Cancelling the awaiting task disposes the subscription and throws `CancellationError`.
    nonisolated(nonsending) public var value: Element? {
        get async throws {
            try await AwaitedOutcome<Element>.await(primitiveSequence.asObservable()) { $0 }
        }
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// `create(detached:priority:work:)` for an element that is not `Sendable`, as RxSwift has it: the same single,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the element may cross
    /// from the task that produced it to the subscriber; code whose element is `Sendable` gets the checked overload
    /// and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this hands the element from the task that produced it to the subscriber: \
            RxLite cannot check that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public static func create(
        detached: Bool = false, priority: TaskPriority? = nil,
        work: @escaping @isolated(any) @Sendable () async throws -> sending Element
    ) -> Single<Element> {
        uncheckedCreate(detached: detached, priority: priority, work: work)
    }

    /// What both `create(detached:priority:work:)` overloads build.
    static func uncheckedCreate(
        detached: Bool, priority: TaskPriority?,
        work: @escaping @isolated(any) @Sendable () async throws -> sending Element
    ) -> Single<Element> {
        Single(raw: Observable.uncheckedTask(detached: detached, priority: priority, work))
    }

    /// `value` for an element that is not `Sendable`, as RxSwift has it: the same await, without the compile-time
    /// check. The call warns (a deprecation) that nothing checks that the element may cross from the subscription's
    /// thread to the awaiting task; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this hands the element from the subscription's thread to the awaiting task: \
            RxLite cannot check that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    nonisolated(nonsending) public var value: Element {
        get async throws {
            try await AwaitedOutcome<Element>.await(primitiveSequence.asObservable()) { element in
                guard let element else { throw RxError.noElements }
                return element
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// `value` for an element that is not `Sendable`, as RxSwift has it: the same await, without the compile-time
    /// check. The call warns (a deprecation) that nothing checks that the element may cross from the subscription's
    /// thread to the awaiting task; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this hands the element from the subscription's thread to the awaiting task: \
            RxLite cannot check that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    nonisolated(nonsending) public var value: Element? {
        get async throws {
            try await AwaitedOutcome<Element>.await(primitiveSequence.asObservable()) { $0 }
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// A completable that runs `work` in a new `Task` on each subscription and completes when it returns; a
    /// thrown error is the completable's failure. Disposing cancels the task.
    public static func create(
        priority: TaskPriority? = nil, _ work: @escaping @isolated(any) @Sendable () async throws -> sending Void
    ) -> Completable {
        Completable(raw: Observable<Void>.task(priority: priority, work).ignoreElements())
    }

    /// Subscribes and suspends until the completable completes, or throws its error. Cancelling the awaiting task
    /// disposes the subscription and throws `CancellationError`.
    nonisolated(nonsending) public var value: Void {
        get async throws {
            try await AwaitedOutcome<Never>.await(primitiveSequence.asObservable()) { _ in () }
        }
    }
}

/// One awaited subscription: the continuation of the caller that awaits it, and the subscription to dispose when
/// that caller is cancelled.
///
/// Invariants: the continuation is resumed exactly once — by the sequence's end or by cancellation, whichever
/// comes first (a caller cancelled before it awaited still subscribes, so an end during `subscribe` comes first, as
/// in RxSwift) — and the subscription is disposed by whichever comes first too; a subscription that arrives after
/// either is disposed at once. Unlike RxSwift's `value`, cancellation resumes the caller (with
/// `CancellationError`) instead of leaving it suspended forever. Debug builds check, after every change, that a
/// finished outcome holds no continuation, subscription or element (each is taken out as it finishes: so it resumes
/// and disposes once); a second resume would trap in `CheckedContinuation` itself. Which end comes first is an order
/// between threads, which the tests drive.
///
/// The header holds all of it, under the lock. A ``LockedBuffer`` is not `Sendable`: the outcome crosses into the
/// cancellation handler in an ``UncheckedTransfer``, which is safe because it keeps what it holds under its lock.
final class AwaitedOutcome<Element>: LockedBuffer<AwaitedOutcomeState<Element>> {
    /// Subscribes to `source`, awaits its end, and returns `result(firstElement)`.
    nonisolated(nonsending) static func `await`<Result>(
        _ source: Observable<Element>, result: (Element?) throws -> Result
    ) async throws -> Result {
        let outcome = make(state: AwaitedOutcomeState())
        let cancellable = UncheckedTransfer(value: outcome)
        let element = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.install(continuation)
                outcome.setSubscription(
                    source.subscribe { [outcome] event in
                        switch event {
                        case .next(let element): outcome.keep(element)
                        case .error(let error): outcome.finish(.failure(error))
                        case .completed: outcome.finish(.success(()))
                        }
                    })
            }
        } onCancel: {
            cancellable.value.cancel()
        }
        return try result(element)
    }

    /// Stores the continuation, before the subscription.
    private func install(_ continuation: CheckedContinuation<Element?, any Error>) {
        withLock { $0.continuation = continuation }
    }

    /// Stores the subscription once `subscribe` returned: disposes it when the sequence ended meanwhile, and ends
    /// the wait with `CancellationError` when the caller had been cancelled before it subscribed.
    private func setSubscription(_ subscription: any Disposable) {
        let state = state
        lock.lock()
        if state.pointee.isFinished {
            lock.unlock()
            subscription.dispose()
            return
        }
        state.pointee.subscription = subscription
        let cancelled = state.pointee.isCancelledEarly
        state.pointee._checkInvariants()
        lock.unlock()
        if cancelled { finish(.failure(CancellationError())) }
    }

    /// The caller was cancelled: ends the wait with `CancellationError`, or, before the caller subscribed, notes it
    /// for `setSubscription`.
    private func cancel() {
        let state = state
        lock.lock()
        if state.pointee.continuation == nil && !state.pointee.isFinished {
            state.pointee.isCancelledEarly = true
            lock.unlock()
            return
        }
        lock.unlock()
        finish(.failure(CancellationError()))
    }

    private func keep(_ element: Element) {
        withLock { state in if state.element == nil { state.element = element } }
    }

    private func finish(_ outcome: Result<Void, any Error>) {
        let state = state
        lock.lock()
        if state.pointee.isFinished {
            lock.unlock()
            return
        }
        state.pointee.isFinished = true
        let continuation = state.pointee.continuation.take()
        let subscription = state.pointee.subscription.take()
        let element = state.pointee.element.take()
        state.pointee._checkInvariants()
        lock.unlock()
        subscription?.dispose()
        switch outcome {
        case .success:
            // What the element's type allows: the checked `value` only awaits Sendable elements; the deprecated one
            // takes any and says so at its call site.
            continuation?.resume(returning: UncheckedTransfer(value: element).value)
        case .failure(let error): continuation?.resume(throwing: error)
        }
    }
}

/// The state of an ``AwaitedOutcome``, under its lock.
struct AwaitedOutcomeState<Element> {
    let live = LiveResource()
    var continuation: CheckedContinuation<Element?, any Error>?
    var subscription: (any Disposable)?
    var isFinished = false
    /// The caller was cancelled before it subscribed: it subscribes anyway, and is cancelled after `subscribe`
    /// returned unless the sequence ended during it (then that end wins the race, as in RxSwift).
    var isCancelledEarly = false
    /// The first element; a later one is dropped (the traits emit at most one). Last: its layout depends on
    /// `Element` (see ``LockedBuffer``).
    var element: Element?

    /// Debug builds, holding the lock: traps unless a finished outcome holds nothing.
    func _checkInvariants() {
        #if DEBUG
            precondition(
                !isFinished || (continuation == nil && subscription == nil && element == nil),
                "Internal inconsistency: an awaited outcome still holds what it finished with")
        #endif
    }
}
