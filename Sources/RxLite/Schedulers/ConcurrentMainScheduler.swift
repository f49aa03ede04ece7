/// Runs actions on the main queue, at once when already there: for work that may start on the main thread
/// (subscribing to UI sources) but need not be serialized with other main-queue work. Timed actions go through
/// ``MainScheduler``.
public final class ConcurrentMainScheduler: SchedulerType {
    /// The scheduler's clock type, as RxSwift names it.
    public typealias Time = RxTime

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler()

    private init() {}

    public var now: RxTime { MainScheduler.instance.now }

    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        if MainScheduler.isOnMainQueue {
            HeldLocks.checkNoneHeld("a scheduled action")
            return action(state)
        }
        return MainScheduler.asyncInstance.schedule(state, action: action)
    }

    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        MainScheduler.instance.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        MainScheduler.instance.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
