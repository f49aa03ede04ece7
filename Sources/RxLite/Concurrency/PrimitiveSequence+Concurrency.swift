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
/// All of it is one state machine under the lock. The outcome is not `Sendable` (its element need not be): it crosses
/// into the cancellation handler in an ``UncheckedTransfer``, which is safe because it keeps what it holds under its
/// lock.
final class AwaitedOutcome<Element> {
    let live = LiveResource()
    private let state = Locked(AwaitedOutcomeStateMachine<Element>())

    /// Subscribes to `source`, awaits its end, and returns `result(firstElement)`.
    nonisolated(nonsending) static func `await`<Result>(
        _ source: Observable<Element>, result: (Element?) throws -> Result
    ) async throws -> Result {
        let outcome = AwaitedOutcome()
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
        state.withLock { $0.continuation = continuation }
    }

    /// Stores the subscription once `subscribe` returned: disposes it when the sequence ended meanwhile, and ends
    /// the wait with `CancellationError` when the caller had been cancelled before it subscribed.
    private func setSubscription(_ subscription: any Disposable) {
        switch state.withLock({ $0.setSubscription(subscription) }) {
        case .keep: break
        case .dispose: subscription.dispose()
        case .cancel: finish(.failure(CancellationError()))
        }
    }

    /// The caller was cancelled: ends the wait with `CancellationError`, or, before the caller subscribed, notes it
    /// for `setSubscription`.
    private func cancel() {
        if state.withLock({ $0.cancel() }) { finish(.failure(CancellationError())) }
    }

    private func keep(_ element: Element) {
        state.withLock { $0.keep(element) }
    }

    private func finish(_ outcome: Result<Void, any Error>) {
        guard let finished = state.withLock({ $0.finish() }) else { return }
        finished.subscription?.dispose()
        switch outcome {
        case .success:
            // What the element's type allows: the checked `value` only awaits Sendable elements; the deprecated one
            // takes any and says so at its call site.
            finished.continuation?.resume(returning: UncheckedTransfer(value: finished.element).value)
        case .failure(let error): finished.continuation?.resume(throwing: error)
        }
    }
}

/// The state of an ``AwaitedOutcome``, under its lock.
struct AwaitedOutcomeStateMachine<Element> {
    /// What ``setSubscription(_:)`` tells the outcome to do with the subscription.
    enum SubscriptionAction {
        /// Nothing: it is kept until the end.
        case keep
        /// Dispose it: the sequence ended during `subscribe`.
        case dispose
        /// Keep it and end the wait with `CancellationError`: the caller was cancelled before it subscribed.
        case cancel
    }

    /// What ``finish()`` took out, for the outcome to dispose and resume after the lock.
    struct Finished {
        let continuation: CheckedContinuation<Element?, any Error>?
        let subscription: (any Disposable)?
        /// Last: its layout depends on `Element`.
        let element: Element?
    }

    var continuation: CheckedContinuation<Element?, any Error>?
    private var subscription: (any Disposable)?
    private var isFinished = false
    /// The caller was cancelled before it subscribed: it subscribes anyway, and is cancelled after `subscribe`
    /// returned unless the sequence ended during it (then that end wins the race, as in RxSwift).
    private var isCancelledEarly = false
    /// The first element; a later one is dropped (the traits emit at most one). Last: its layout depends on
    /// `Element`.
    private var element: Element?

    /// `subscribe` returned `subscription`.
    mutating func setSubscription(_ subscription: any Disposable) -> SubscriptionAction {
        if isFinished { return .dispose }
        self.subscription = subscription
        _checkInvariants()
        return isCancelledEarly ? .cancel : .keep
    }

    /// The caller was cancelled; returns whether the wait ends now (`false`: it has not subscribed yet, which
    /// ``setSubscription(_:)`` will see).
    mutating func cancel() -> Bool {
        if continuation == nil && !isFinished {
            isCancelledEarly = true
            return false
        }
        return true
    }

    /// An element arrived: kept when it is the first.
    mutating func keep(_ element: Element) {
        if self.element == nil { self.element = element }
    }

    /// The wait ends: takes out what the outcome held, or `nil` when it had ended already.
    mutating func finish() -> Finished? {
        if isFinished { return nil }
        isFinished = true
        defer { _checkInvariants() }
        return Finished(continuation: continuation.take(), subscription: subscription.take(), element: element.take())
    }

    /// Debug builds, holding the lock: traps unless a finished outcome holds nothing.
    func _checkInvariants() {
        #if DEBUG
            precondition(
                !isFinished || (continuation == nil && subscription == nil && element == nil),
                "Internal inconsistency: an awaited outcome still holds what it finished with")
        #endif
    }
}
