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
        let periodic = PeriodicTicker(scheduler: self, state: state, period: period, action: action)
        periodic.start(after: startAfter)
        return periodic
    }
}

extension ImmediateSchedulerType {
    /// Runs `action` with a way to schedule itself again, until it stops calling that or the result is disposed.
    public func scheduleRecursive<State>(
        _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
    ) -> any Disposable {
        let recursion = RecursiveAction(scheduler: self, action: action)
        recursion.schedule(state)
        return recursion
    }
}

/// Repeats an action on a scheduler at a fixed period, using relative scheduling only.
final class PeriodicTicker<Scheduler: SchedulerType, State>: Disposable, @unchecked Sendable {
    /// The words of `lock` and `disposedFlag`, in this object's own memory (see ``InlineWord``). Must stay the first
    /// stored property.
    private var words = (InlineWord(), InlineWord())
    let live = LiveResource()
    private let scheduler: Scheduler
    private let period: RxTimeInterval
    private let action: (State) -> State
    private var lock: LockWord { LockWord(word: 0, of: self) }
    private var disposedFlag: AtomicView<Bool> { AtomicView(word: 1, of: self) }
    // Guarded by `lock`.
    private var state: State
    private var pending: (any Disposable)?
    private var nextDeadline: RxTime = Date.distantPast

    init(scheduler: Scheduler, state: State, period: RxTimeInterval, action: @escaping (State) -> State) {
        self.scheduler = scheduler
        self.state = state
        self.period = period
        self.action = action
        assertFirstStoredProperty(of: self, &words)
    }

    func start(after delay: RxTimeInterval) {
        lock.withLock { nextDeadline = scheduler.now.addingTimeInterval(delay.timeInterval) }
        scheduleNext(after: delay)
    }

    private func scheduleNext(after delay: RxTimeInterval) {
        let scheduled = scheduler.scheduleRelative((), dueTime: delay) { [self] _ in
            tick()
            return Disposables.create()
        }
        if !DisposedFlagGuard(lock, disposedFlag).storeUnlessDisposed({ pending = scheduled }) { scheduled.dispose() }
    }

    private func tick() {
        lock.lock()
        if disposedFlag.load(ordering: .acquiring) {
            lock.unlock()
            return
        }
        let current = state
        lock.unlock()
        let next = action(current)
        lock.lock()
        if disposedFlag.load(ordering: .acquiring) {
            lock.unlock()
            return
        }
        state = next
        nextDeadline = nextDeadline.addingTimeInterval(period.timeInterval)
        let delay = max(0, nextDeadline.timeIntervalSince(scheduler.now))
        lock.unlock()
        scheduleNext(after: .nanoseconds(Int(delay * 1_000_000_000)))
    }

    func dispose() {
        DisposedFlagGuard(lock, disposedFlag).takeOnFirstDispose { pending.take() }?.dispose()
    }
}

/// Drives `scheduleRecursive`: each run may schedule the next one; disposing stops the chain.
final class RecursiveAction<Scheduler: ImmediateSchedulerType, State>: Disposable, @unchecked Sendable {
    /// The words of `lock` and `disposedFlag`, in this object's own memory (see ``InlineWord``). Must stay the first
    /// stored property.
    private var words = (InlineWord(), InlineWord())
    private let live = LiveResource()
    private let scheduler: Scheduler
    private let action: (State, (State) -> Void) -> Void
    private var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`: the scheduled runs not yet done, by key.
    private var pending: [UInt64: any Disposable] = [:]
    private var finishedEarly: Set<UInt64> = []
    private var nextKey: UInt64 = 0
    private var disposedFlag: AtomicView<Bool> { AtomicView(word: 1, of: self) }

    init(scheduler: Scheduler, action: @escaping (State, (State) -> Void) -> Void) {
        self.scheduler = scheduler
        self.action = action
        assertFirstStoredProperty(of: self, &words)
    }

    func schedule(_ state: State) {
        let key = lock.withLock { () -> UInt64? in
            if disposedFlag.load(ordering: .acquiring) { return nil }
            nextKey += 1
            return nextKey
        }
        guard let key else { return }
        let scheduled = scheduler.schedule(state) { [self] state in
            let isCancelled = lock.withLock { () -> Bool in
                // A run that starts before `schedule` stored its handle leaves a mark, so the handle is not stored.
                if pending.removeValue(forKey: key) == nil { finishedEarly.insert(key) }
                return disposedFlag.load(ordering: .acquiring)
            }
            HeldLocks.checkNoneHeld("a scheduled action")
            if !isCancelled { action(state) { [self] next in schedule(next) } }
            return Disposables.create()
        }
        let stored = DisposedFlagGuard(lock, disposedFlag).storeUnlessDisposed {
            if finishedEarly.remove(key) == nil { pending[key] = scheduled }
        }
        if !stored { scheduled.dispose() }
    }

    func dispose() {
        let scheduled = DisposedFlagGuard(lock, disposedFlag).takeOnFirstDispose { () -> [any Disposable]? in
            defer { pending = [:] }
            return Array(pending.values)
        }
        for item in scheduled ?? [] { item.dispose() }
    }
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
