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
