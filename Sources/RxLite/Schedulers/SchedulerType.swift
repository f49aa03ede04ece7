import Dispatch
import Foundation

/// A span of time, as in RxSwift: `.seconds(3)`, `.milliseconds(300)`.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time on a scheduler's clock.
public typealias RxTime = Date

/// Runs actions, possibly later and elsewhere, but never two of its own at once on one serial scheduler.
///
/// Schedulers are `Sendable`: any thread may hand one work. The actions themselves are not required to be
/// `Sendable`, exactly as in RxSwift; the operators that move elements between threads (`observe(on:)`,
/// `subscribe(on:)`) require `Element: Sendable` instead.
public protocol ImmediateSchedulerType: Sendable {
    /// Runs `action(state)` as soon as the scheduler allows. Disposing the result before then cancels it.
    func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable
}

/// A scheduler with a clock: it can run actions after a delay and periodically.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Runs `action(state)` once `dueTime` has passed. Disposing the result before then cancels it.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable

    /// Runs `action` first after `startAfter`, then every `period`, passing each call's result to the next.
    func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable
}

extension SchedulerType {
    /// Periodic scheduling built from `scheduleRelative`: each run schedules the next. Each period is measured
    /// from the planned start of the previous one, so slow actions do not make the period drift.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        let periodic = PeriodicTicker.make(scheduler: self, state: state, period: period, action: action)
        periodic.start(after: startAfter)
        return periodic
    }
}

extension ImmediateSchedulerType {
    /// Runs `action` with a way to schedule itself again, until it stops calling that or the result is disposed.
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> any Disposable {
        let recursion = RecursiveAction.make(scheduler: self, action: action)
        recursion.schedule(state)
        return recursion
    }
}

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

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    public var timeInterval: TimeInterval {
        switch self {
        case .seconds(let value): return TimeInterval(value)
        case .milliseconds(let value): return TimeInterval(value) / 1_000
        case .microseconds(let value): return TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): return TimeInterval(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}
