/// The link between a subscription and the `Task` that feeds it: the task reports its events here, and disposing
/// the subscription cancels the task. A handle to a ``TaskReportStorage``.
///
/// `Sendable` (the task's closure holds it) whatever `Element` is: the storage keeps the sink, the lifetime and the
/// task under its lock, and the Rx contract makes the sink safe to call from the task: one producer, one event at a
/// time.
struct TaskReport<Element>: @unchecked Sendable {
    let storage: TaskReportStorage<Element>

    /// Runs `body` for one subscription in a new `Task` of `priority` (a detached one when `detached`: it inherits
    /// neither the subscribing task's priority nor its task-local values), whose cancellation the subscription's
    /// disposal causes; the subscription completes when `body` returns and fails with what it throws.
    static func run(
        priority: TaskPriority?, detached: Bool = false, sink: EventSink<Element>, lifetime: Lifetime,
        _ body: @escaping @Sendable (TaskReport) async throws -> Void
    ) {
        let report = TaskReport(storage: .make(sink: sink, lifetime: lifetime))
        lifetime.insert(object: report.storage)
        let operation: @Sendable () async -> Void = {
            do {
                try await body(report)
                report.storage.finish(nil)
            } catch {
                report.storage.finish(error)
            }
        }
        report.storage.attach(
            detached
                ? Task.detached(priority: priority, operation: operation)
                : Task(priority: priority, operation: operation))
    }

    /// Sends an element, unless the subscription ended or the task was cancelled; returns whether it did (a loop
    /// stops feeding once it did not).
    @discardableResult
    func next(_ element: Element) -> Bool { storage.next(element) }
}

/// The storage of a ``TaskReport``: the subscription's sink and lifetime and the task, under the lock.
///
/// Disposing (or the task finishing) also drops the references to the subscription at once, so a cancelled task
/// that is still winding down holds no part of it.
final class TaskReportStorage<Element>: Disposable {
    let live = LiveResource()
    private let state: Locked<TaskReportStateMachine<Element>>

    private init(sink: EventSink<Element>, lifetime: Lifetime) {
        state = Locked(TaskReportStateMachine(sink: sink, lifetime: lifetime))
    }

    static func make(sink: EventSink<Element>, lifetime: Lifetime) -> TaskReportStorage {
        TaskReportStorage(sink: sink, lifetime: lifetime)
    }

    /// Ties the task to this report; a report disposed before then cancels the task at once.
    func attach(_ task: Task<Void, Never>) {
        if !state.withLock({ $0.attach(task) }) { task.cancel() }
    }

    /// The sink, while the subscription still wants events from an uncancelled task.
    private var activeSink: EventSink<Element>? {
        if Task.isCancelled { return nil }
        return state.withLock { $0.activeSink }
    }

    /// See ``TaskReport/next(_:)``.
    func next(_ element: Element) -> Bool {
        guard let sink = activeSink else { return false }
        sink.on(next: element)
        return true
    }

    /// Sends the end, unless the subscription ended or the task was cancelled, and lets go of the subscription.
    func finish(_ error: (any Error)?) {
        if let sink = activeSink {
            if let error { sink.on(error: error) } else { sink.onCompleted() }
        }
        release()
    }

    func dispose() {
        let task = state.withLock { $0.dispose() }
        release()
        task?.cancel()
    }

    /// Lets go of the subscription and the task: taken out under the lock, released after it (the sink's captures
    /// may run deinits that take locks).
    private func release() {
        let released = state.withLock { $0.release() }
        _ = released
    }
}

/// The state of a ``TaskReportStorage``, under its lock.
struct TaskReportStateMachine<Element> {
    private var sink: EventSink<Element>?
    private var lifetime: Lifetime?
    private var task: Task<Void, Never>?
    private var isDisposed = false

    init(sink: EventSink<Element>, lifetime: Lifetime) {
        self.sink = sink
        self.lifetime = lifetime
    }

    /// Keeps `task`, and returns `true`; `false` when the report was disposed first (the caller cancels it).
    mutating func attach(_ task: Task<Void, Never>) -> Bool {
        if isDisposed { return false }
        self.task = task
        return true
    }

    /// The sink, while the subscription is live.
    var activeSink: EventSink<Element>? {
        guard let lifetime, lifetime.isActive else { return nil }
        return sink
    }

    /// The report is disposed: returns the task to cancel (it stays held until ``release()``).
    mutating func dispose() -> Task<Void, Never>? {
        isDisposed = true
        return task
    }

    /// Takes out the subscription's sink and lifetime and the task, for the caller to release after the lock.
    mutating func release() -> (EventSink<Element>?, Lifetime?, Task<Void, Never>?) {
        (sink.take(), lifetime.take(), task.take())
    }
}

extension Observable where Element: Sendable {
    /// Runs `work` in a new `Task` on each subscription and emits its result, then completes; a thrown error is
    /// emitted as `.error`.
    ///
    /// Disposing the subscription cancels the task; a cancelled task emits nothing, whatever `work` returns or
    /// throws afterwards.
    ///
    /// Threads: `work` runs with its own isolation — write `{ @MainActor in ... }` to run it on the main actor;
    /// otherwise it runs on the concurrency pool. The result is delivered on the executor where `work` finished;
    /// add `observe(on: MainScheduler.instance)` to deliver UI updates on the main queue.
    ///
    /// ```swift
    /// Observable.task { try await client.search("swift") }
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { books in ... })
    /// ```
    public static func task(
        priority: TaskPriority? = nil, _ work: @escaping @isolated(any) @Sendable () async throws -> sending Element
    ) -> Observable<Element> {
        uncheckedTask(detached: false, priority: priority, work)
    }
}

extension Observable {
    /// What ``task(priority:_:)`` and `Single.create(detached:priority:work:)` build: `work` in a new task per
    /// subscription (a detached one when `detached`), its result the one element. `work`'s result is `sending`, so
    /// an element that is not `Sendable` may leave `work`'s isolation too; the public forms say what they check.
    static func uncheckedTask(
        detached: Bool, priority: TaskPriority?,
        _ work: @escaping @isolated(any) @Sendable () async throws -> sending Element
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            TaskReport.run(priority: priority, detached: detached, sink: sink, lifetime: lifetime) { report in
                report.next(try await work())
            }
        }
    }
}
