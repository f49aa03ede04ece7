/// Drives `scheduleRecursive`: each run may schedule the next one; disposing stops the chain.
///
/// The tail holds the lock, the disposed flag (a ``DisposedFlagGuard``'s words) and the ``RecursiveActionFields``,
/// read without the lock; the header the scheduled runs not yet done.
final class RecursiveAction<Scheduler: ImmediateSchedulerType, ActionState>: LockedBuffer<RecursiveActionState>,
    Disposable
{
    static func make(
        scheduler: Scheduler, action: @escaping (ActionState, (ActionState) -> Void) -> Void
    ) -> RecursiveAction {
        let recursion = make(
            words: DisposedFlagGuard.words + tailWords(for: RecursiveActionFields<Scheduler, ActionState>.self),
            state: RecursiveActionState())
        recursion.placeFields(RecursiveActionFields(action: action, scheduler: scheduler), at: DisposedFlagGuard.words)
        return recursion
    }

    deinit {
        removeFields(at: DisposedFlagGuard.words, as: RecursiveActionFields<Scheduler, ActionState>.self)
    }

    /// What the recursion was made with, read without the lock.
    private var fields: UnsafeMutablePointer<RecursiveActionFields<Scheduler, ActionState>> {
        fields(at: DisposedFlagGuard.words, as: RecursiveActionFields<Scheduler, ActionState>.self)
    }

    func schedule(_ value: ActionState) {
        let state = state
        let disposal = DisposedFlagGuard(self)
        let key = withLock { state -> UInt64? in
            if disposal.isDisposed { return nil }
            state.nextKey += 1
            return state.nextKey
        }
        guard let key else { return }
        let fields = fields
        let scheduled = fields.pointee.scheduler.schedule(value) { [self] value in
            let isCancelled = withLock { state -> Bool in
                // A run that starts before `schedule` stored its handle leaves a mark, so the handle is not stored.
                if state.pending.removeValue(forKey: key) == nil { state.finishedEarly.insert(key) }
                return disposal.isDisposed
            }
            HeldLocks.checkNoneHeld("a scheduled action")
            if !isCancelled { fields.pointee.action(value) { [self] next in schedule(next) } }
            return Disposables.create()
        }
        let stored = disposal.storeUnlessDisposed {
            if state.pointee.finishedEarly.remove(key) == nil { state.pointee.pending[key] = scheduled }
        }
        if !stored { scheduled.dispose() }
    }

    func dispose() {
        let state = state
        let scheduled = DisposedFlagGuard(self).takeOnFirstDispose { () -> [any Disposable]? in
            defer { state.pointee.pending = [:] }
            return Array(state.pointee.pending.values)
        }
        for item in scheduled ?? [] { item.dispose() }
    }
}

/// The state of a ``RecursiveAction``, under its lock: the scheduled runs not yet done, by key.
struct RecursiveActionState {
    let live = LiveResource()
    var pending: [UInt64: any Disposable] = [:]
    /// Runs that started before `schedule` stored their handle.
    var finishedEarly: Set<UInt64> = []
    var nextKey: UInt64 = 0
}

/// What a ``RecursiveAction`` was made with, in its tail.
struct RecursiveActionFields<Scheduler: ImmediateSchedulerType, ActionState> {
    let action: (ActionState, (ActionState) -> Void) -> Void
    /// Last: its layout depends on `Scheduler`.
    let scheduler: Scheduler
}
