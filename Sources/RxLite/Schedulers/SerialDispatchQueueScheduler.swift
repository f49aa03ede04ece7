import Dispatch
import Foundation

/// Runs actions one at a time on a serial dispatch queue.
///
/// ``MainScheduler`` is one, as in RxSwift, so code that takes a `SerialDispatchQueueScheduler` accepts
/// `MainScheduler.instance`.
// Not final, for MainScheduler; not open, so no subclass outside RxLite. Unchecked Sendable because a class that is
// not final cannot be checked: this one holds only a `let` of a Sendable type, and MainScheduler keeps the same rule
// (its own state is a `let` and an atomic).
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    /// The scheduler's clock type, as RxSwift names it.
    public typealias Time = RxTime

    let engine: DispatchQueueEngine

    /// A scheduler on `queue`, which must be serial. The scheduler targets a private serial queue of its own named
    /// `internalSerialQueueName`, so a concurrent queue still runs its actions one at a time.
    public init(
        queue: DispatchQueue, internalSerialQueueName: String = "RxLite.SerialDispatchQueueScheduler",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let serialQueue = DispatchQueue(label: internalSerialQueueName, target: queue)
        engine = DispatchQueueEngine(queue: serialQueue, leeway: leeway)
    }

    /// A scheduler on a new serial queue with the given quality of service.
    public convenience init(
        qos: DispatchQoS, internalSerialQueueName: String = "RxLite.SerialDispatchQueueScheduler",
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        self.init(
            queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName,
            leeway: leeway)
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName`; `serialQueueConfiguration` may set the
    /// queue up (its target, its specific keys) before the first action.
    public convenience init(
        internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
        leeway: DispatchTimeInterval = .nanoseconds(0)
    ) {
        let queue = DispatchQueue(label: internalSerialQueueName)
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval) {
        engine = DispatchQueueEngine(queue: serialQueue, leeway: leeway)
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
