/// Drives `scheduleRecursive`: each run may schedule the next one; disposing stops the chain.
///
/// What it was made with is in `let`s, read without the lock; the scheduled runs not yet done, and whether it was
/// disposed, are under its lock.
final class RecursiveAction<Scheduler: ImmediateSchedulerType, ActionState>: Disposable {
    let live = LiveResource()
    let action: (ActionState, (ActionState) -> Void) -> Void
    let scheduler: Scheduler
    private let state = DisposedFlagGuard(RecursiveActionStateMachine())

    private init(scheduler: Scheduler, action: @escaping (ActionState, (ActionState) -> Void) -> Void) {
        self.action = action
        self.scheduler = scheduler
    }

    static func make(
        scheduler: Scheduler, action: @escaping (ActionState, (ActionState) -> Void) -> Void
    ) -> RecursiveAction {
        RecursiveAction(scheduler: scheduler, action: action)
    }

    func schedule(_ value: ActionState) {
        let key = state.withLockAndFlag { machine, isDisposed in isDisposed ? nil : machine.makeKey() }
        guard let key else { return }
        let scheduled = scheduler.schedule(value) { [self] value in
            let isCancelled = state.withLockAndFlag { machine, isDisposed in
                machine.runStarted(key: key)
                return isDisposed
            }
            HeldLocks.checkNoneHeld("a scheduled action")
            if !isCancelled { action(value) { [self] next in schedule(next) } }
            return Disposables.create()
        }
        if !state.storeUnlessDisposed({ $0.scheduled(scheduled, key: key) }) { scheduled.dispose() }
    }

    func dispose() {
        let scheduled = state.takeOnFirstDispose { $0.takeAll() }
        for item in scheduled ?? [] { item.dispose() }
    }
}

/// The scheduled runs of a ``RecursiveAction`` not yet done, by key, under its lock.
///
/// A run may start before `schedule` stored its handle (an immediate scheduler runs it inside `schedule(_:action:)`):
/// it then leaves a mark, so that the handle, stored after, is not kept.
struct RecursiveActionStateMachine {
    private var pending: [UInt64: any Disposable] = [:]
    /// Runs that started before `schedule` stored their handle.
    private var finishedEarly: Set<UInt64> = []
    private var lastKey: UInt64 = 0

    /// The key of a run about to be scheduled.
    mutating func makeKey() -> UInt64 {
        lastKey += 1
        return lastKey
    }

    /// The run of `key` starts: its handle is done with, or, not stored yet, will not be.
    mutating func runStarted(key: UInt64) {
        if pending.removeValue(forKey: key) == nil { finishedEarly.insert(key) }
    }

    /// `handle` is the run of `key`, kept to be disposed unless that run has started.
    mutating func scheduled(_ handle: any Disposable, key: UInt64) {
        if finishedEarly.remove(key) == nil { pending[key] = handle }
    }

    /// Every run not yet started, taken out for disposing after the lock.
    mutating func takeAll() -> [any Disposable] {
        defer { pending = [:] }
        return Array(pending.values)
    }
}
