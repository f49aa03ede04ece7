/// The link between a subscription and the `Task` that feeds it: the task reports its events here, and disposing
/// the subscription cancels the task.
///
/// Disposing (or the task finishing) also drops the references to the subscription at once, so a cancelled task
/// that is still winding down holds no part of it. The Rx contract makes the sink safe to call from the task: one
/// producer, one event at a time.
final class TaskReport<Element>: Disposable, @unchecked Sendable {
    /// The word of `lock`, in this object's own memory rather than a heap cell of its own (see
    /// ``InlineWord``): one allocation fewer. Must stay the first stored property.
    private var words = InlineWord()
    private let live = LiveResource()
    private var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`.
    private var sink: EventSink<Element>?
    private var lifetime: Lifetime?
    private var task: Task<Void, Never>?
    private var isDisposed = false

    init(sink: @escaping EventSink<Element>, lifetime: Lifetime) {
        self.sink = sink
        self.lifetime = lifetime
        assertFirstStoredProperty(of: self, &words)
    }

    /// Runs `body` for one subscription in a new `Task` of `priority` (a detached one when `detached`: it inherits
    /// neither the subscribing task's priority nor its task-local values), whose cancellation the subscription's
    /// disposal causes; the subscription completes when `body` returns and fails with what it throws.
    static func run(
        priority: TaskPriority?, detached: Bool = false, sink: @escaping EventSink<Element>, lifetime: Lifetime,
        _ body: @escaping @Sendable (TaskReport) async throws -> Void
    ) {
        let report = TaskReport(sink: sink, lifetime: lifetime)
        lifetime.insert(report)
        let operation: @Sendable () async -> Void = {
            do {
                try await body(report)
                report.finish(nil)
            } catch {
                report.finish(error)
            }
        }
        report.attach(
            detached
                ? Task.detached(priority: priority, operation: operation)
                : Task(priority: priority, operation: operation))
    }

    /// Ties the task to this report; a report disposed before then cancels the task at once.
    private func attach(_ task: Task<Void, Never>) {
        lock.lock()
        if isDisposed {
            lock.unlock()
            task.cancel()
            return
        }
        self.task = task
        lock.unlock()
    }

    /// The sink, while the subscription still wants events from an uncancelled task.
    private var activeSink: EventSink<Element>? {
        if Task.isCancelled { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let lifetime, lifetime.isActive else { return nil }
        return sink
    }

    /// Sends an element, unless the subscription ended or the task was cancelled; returns whether it did (a loop
    /// stops feeding once it did not).
    @discardableResult
    func next(_ element: Element) -> Bool {
        guard let sink = activeSink else { return false }
        sink(.next(element))
        return true
    }

    /// Sends the end, unless the subscription ended or the task was cancelled, and lets go of the subscription.
    func finish(_ error: (any Error)?) {
        if let sink = activeSink {
            if let error { sink(.error(error)) } else { sink(.completed) }
        }
        release()
    }

    func dispose() {
        let task = lock.withLock {
            isDisposed = true
            return self.task
        }
        release()
        task?.cancel()
    }

    private func release() {
        lock.withLock {
            sink = nil
            lifetime = nil
            task = nil
        }
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
