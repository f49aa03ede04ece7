import Foundation

/// Repeats an action on a scheduler at a fixed period, using relative scheduling only.
///
/// What it was made with is in `let`s, read without the lock; the action's state, the pending run and whether it was
/// disposed are under its lock.
final class PeriodicTicker<Scheduler: SchedulerType, ActionState>: Disposable {
    let live = LiveResource()
    let action: (ActionState) -> ActionState
    let period: RxTimeInterval
    let scheduler: Scheduler
    private let state: DisposedFlagGuard<PeriodicTickerStateMachine<ActionState>>

    private init(
        scheduler: Scheduler, state: ActionState, period: RxTimeInterval,
        action: @escaping (ActionState) -> ActionState
    ) {
        self.action = action
        self.period = period
        self.scheduler = scheduler
        self.state = DisposedFlagGuard(PeriodicTickerStateMachine(value: state))
    }

    static func make(
        scheduler: Scheduler, state: ActionState, period: RxTimeInterval,
        action: @escaping (ActionState) -> ActionState
    ) -> PeriodicTicker {
        PeriodicTicker(scheduler: scheduler, state: state, period: period, action: action)
    }

    func start(after delay: RxTimeInterval) {
        // The scheduler's clock may be a user's: read before the lock.
        let deadline = scheduler.now.addingTimeInterval(delay.timeInterval)
        state.withLock { $0.nextDeadline = deadline }
        scheduleNext(after: delay)
    }

    private func scheduleNext(after delay: RxTimeInterval) {
        let scheduled = scheduler.scheduleRelative((), dueTime: delay) { [self] _ in
            tick()
            return Disposables.create()
        }
        if !state.storeUnlessDisposed({ $0.pending = scheduled }) { scheduled.dispose() }
    }

    private func tick() {
        let current = state.withLockAndFlag { machine, isDisposed in isDisposed ? nil : machine.value }
        guard let current else { return }
        let next = action(current)
        let period = period.timeInterval
        let advanced = state.withLockAndFlag { machine, isDisposed in
            isDisposed ? nil : machine.advance(to: next, period: period)
        }
        guard let advanced else { return }
        // The state replaced is the user's: released after the lock, as is the scheduler's clock read.
        withExtendedLifetime(advanced.replaced) {}
        let delay = max(0, advanced.deadline.timeIntervalSince(scheduler.now))
        scheduleNext(after: .nanoseconds(Int(delay * 1_000_000_000)))
    }

    func dispose() {
        state.takeOnFirstDispose { $0.pending.take() }?.dispose()
    }
}

/// The state of a ``PeriodicTicker``, under its lock.
struct PeriodicTickerStateMachine<ActionState> {
    /// The run scheduled next.
    var pending: (any Disposable)?
    /// When the run scheduled next is due: each period counts from the previous deadline, not from when the run ran.
    var nextDeadline: RxTime = Date.distantPast
    /// The action's state. Last: its layout depends on `ActionState`.
    private(set) var value: ActionState

    init(value: ActionState) {
        self.value = value
    }

    /// A run returned `next`: keeps it for the next run, and moves the deadline on by `period` seconds. Returns the
    /// state replaced (to be released after the lock: it is the user's) and the next run's deadline.
    mutating func advance(to next: ActionState, period: TimeInterval) -> (replaced: ActionState, deadline: RxTime) {
        let replaced = value
        value = next
        nextDeadline = nextDeadline.addingTimeInterval(period)
        return (replaced, nextDeadline)
    }
}
