import Dispatch
import Foundation

/// Runs actions on a concurrent dispatch queue: two actions may run at once.
///
/// Operators that need serial delivery (`observe(on:)`) serialize on their own, so this is safe to use with them.
public final class ConcurrentDispatchQueueScheduler: SchedulerType {
    /// The scheduler's clock type, as RxSwift names it.
    public typealias Time = RxTime

    let engine: DispatchQueueEngine

    /// A scheduler on `queue`.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        engine = DispatchQueueEngine(queue: queue, leeway: leeway)
    }

    /// A scheduler on the global queue of the given quality of service.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }

    public var now: RxTime { Date() }

    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        engine.schedule(state, action: action)
    }

    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        engine.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        engine.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
