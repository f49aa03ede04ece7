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

/// Carries a value into a `@Sendable` closure where the Rx contract, not the compiler, guarantees that only one
/// thread uses it at a time (a subscription's sink is called by one producer at a time).
@usableFromInline
struct ContractTransfer<Value>: @unchecked Sendable {
    @usableFromInline
    let value: Value

    @inlinable
    init(_ value: Value) { self.value = value }
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
            let target = ContractTransfer((sink, lifetime))
            let task = Task(priority: priority) {
                let (sink, lifetime) = target.value
                do {
                    let element = try await work()
                    guard !Task.isCancelled, lifetime.isActive else { return }
                    sink(.next(element))
                    if lifetime.isActive { sink(.completed) }
                } catch {
                    guard !Task.isCancelled, lifetime.isActive else { return }
                    sink(.error(error))
                }
            }
            lifetime.insert(TaskDisposable(task))
        }
    }
}
