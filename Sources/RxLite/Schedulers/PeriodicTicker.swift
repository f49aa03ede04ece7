import Foundation

/// Repeats an action on a scheduler at a fixed period, using relative scheduling only.
///
/// The tail holds the lock, the disposed flag (a ``DisposedFlagGuard``'s words) and the ``PeriodicTickerFields``, read
/// without the lock; the header the action's state and the pending run.
final class PeriodicTicker<Scheduler: SchedulerType, ActionState>: LockedBuffer<PeriodicTickerState<ActionState>>,
    Disposable
{
    static func make(
        scheduler: Scheduler, state: ActionState, period: RxTimeInterval,
        action: @escaping (ActionState) -> ActionState
    ) -> PeriodicTicker {
        let ticker = make(
            words: DisposedFlagGuard.words + tailWords(for: PeriodicTickerFields<Scheduler, ActionState>.self),
            state: PeriodicTickerState(value: state))
        ticker.placeFields(
            PeriodicTickerFields(action: action, period: period, scheduler: scheduler), at: DisposedFlagGuard.words)
        return ticker
    }

    deinit {
        removeFields(at: DisposedFlagGuard.words, as: PeriodicTickerFields<Scheduler, ActionState>.self)
    }

    /// What the ticker was made with, read without the lock.
    private var fields: UnsafeMutablePointer<PeriodicTickerFields<Scheduler, ActionState>> {
        fields(at: DisposedFlagGuard.words, as: PeriodicTickerFields<Scheduler, ActionState>.self)
    }

    func start(after delay: RxTimeInterval) {
        // The scheduler's clock may be a user's: read before the lock.
        let deadline = fields.pointee.scheduler.now.addingTimeInterval(delay.timeInterval)
        withLock { $0.nextDeadline = deadline }
        scheduleNext(after: delay)
    }

    private func scheduleNext(after delay: RxTimeInterval) {
        let scheduled = fields.pointee.scheduler.scheduleRelative((), dueTime: delay) { [self] _ in
            tick()
            return Disposables.create()
        }
        let state = state
        if !DisposedFlagGuard(self).storeUnlessDisposed({ state.pointee.pending = scheduled }) { scheduled.dispose() }
    }

    private func tick() {
        let state = state
        let fields = fields
        let disposal = DisposedFlagGuard(self)
        lock.lock()
        if disposal.isDisposed {
            lock.unlock()
            return
        }
        let current = state.pointee.value
        lock.unlock()
        let next = fields.pointee.action(current)
        lock.lock()
        if disposal.isDisposed {
            lock.unlock()
            return
        }
        // The state replaced is the user's: released after the lock, as is the scheduler's clock read.
        let replaced = state.pointee.value
        state.pointee.value = next
        let deadline = state.pointee.nextDeadline.addingTimeInterval(fields.pointee.period.timeInterval)
        state.pointee.nextDeadline = deadline
        lock.unlock()
        withExtendedLifetime(replaced) {}
        let delay = max(0, deadline.timeIntervalSince(fields.pointee.scheduler.now))
        scheduleNext(after: .nanoseconds(Int(delay * 1_000_000_000)))
    }

    func dispose() {
        let state = state
        DisposedFlagGuard(self).takeOnFirstDispose { state.pointee.pending.take() }?.dispose()
    }
}

/// The state of a ``PeriodicTicker``, under its lock.
struct PeriodicTickerState<ActionState> {
    let live = LiveResource()
    /// The run scheduled next.
    var pending: (any Disposable)?
    /// When the run scheduled next is due: each period counts from the previous deadline, not from when the run ran.
    var nextDeadline: RxTime = Date.distantPast
    /// The action's state. Last: its layout depends on `ActionState` (see ``LockedBuffer``).
    var value: ActionState

    init(value: ActionState) {
        self.value = value
    }
}

/// What a ``PeriodicTicker`` was made with, in its tail.
struct PeriodicTickerFields<Scheduler: SchedulerType, ActionState> {
    let action: (ActionState) -> ActionState
    let period: RxTimeInterval
    /// Last: its layout depends on `Scheduler`.
    let scheduler: Scheduler
}
