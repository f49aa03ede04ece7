/// Cancels a `Task` when disposed: the link from a subscription to the Swift Concurrency work it started.
@usableFromInline
final class TaskDisposable: Disposable, Sendable {
    @usableFromInline
    let cancel: @Sendable () -> Void

    @usableFromInline
    init<Success: Sendable, Failure: Error>(_ task: Task<Success, Failure>) {
        cancel = { task.cancel() }
    }

    @usableFromInline
    func dispose() { cancel() }
}

/// The subscription a `Task` reports to: its sink and lifetime. The Rx contract, not the compiler, makes it safe
/// to use from the task: one producer (the task) calls the sink, one event at a time.
///
/// A finished task's closure can outlive the task for a while (the runtime frees it with the task object), so the
/// report drops its references as soon as the task has finished: the subscription's objects go when it ends.
@usableFromInline
final class TaskReport<Element>: @unchecked Sendable {
    // Touched only by the task, which calls `next` any number of times and then `finish` once.
    @exclusivity(unchecked) private var sink: EventSink<Element>?
    @exclusivity(unchecked) private var lifetime: Lifetime?

    @usableFromInline
    init(sink: @escaping EventSink<Element>, lifetime: Lifetime) {
        self.sink = sink
        self.lifetime = lifetime
    }

    /// Whether the subscription still wants elements.
    @usableFromInline
    var isActive: Bool { !Task.isCancelled && lifetime?.isActive == true }

    /// Sends an element, unless the subscription ended or the task was cancelled.
    @usableFromInline
    func next(_ element: Element) {
        guard isActive else { return }
        sink?(.next(element))
    }

    /// Sends the end, unless the subscription ended or the task was cancelled, and lets go of the subscription.
    @usableFromInline
    func finish(_ error: (any Error)?) {
        if isActive {
            if let error { sink?(.error(error)) } else { sink?(.completed) }
        }
        sink = nil
        lifetime = nil
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
        priority: TaskPriority? = nil, _ work: @escaping @isolated(any) @Sendable () async throws -> Element
    ) -> Observable<Element> {
        Observable { sink, lifetime in
            let report = TaskReport(sink: sink, lifetime: lifetime)
            let task = Task(priority: priority) {
                do {
                    report.next(try await work())
                    report.finish(nil)
                } catch {
                    report.finish(error)
                }
            }
            lifetime.insert(TaskDisposable(task))
        }
    }
}
