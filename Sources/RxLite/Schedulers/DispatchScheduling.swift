import Dispatch
import Foundation

/// The dispatch plumbing shared by the queue-backed schedulers.
struct DispatchQueueEngine: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<State>(_ state: State, action: @escaping (State) -> any Disposable) -> any Disposable {
        let cancel = ScheduledItem()
        let work = UncheckedTransfer(value: (state, action))
        queue.async {
            if cancel.isDisposed { return }
            // Debug builds: what the action makes belongs to the scope that scheduled it (a test's, for example).
            cancel.live.withCreationScope { cancel.setInner(work.value.1(work.value.0)) }
        }
        return cancel
    }

    func scheduleRelative<State>(
        _ state: State, dueTime: RxTimeInterval, action: @escaping (State) -> any Disposable
    ) -> any Disposable {
        let cancel = ScheduledItem()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = UncheckedTransfer(value: (state, action))
        timer.setEventHandler {
            // A fired one-shot timer is cancelled so it releases this handler (and the item it holds).
            cancel.releaseTimer()
            if cancel.isDisposed { return }
            cancel.live.withCreationScope { cancel.setInner(work.value.1(work.value.0)) }
        }
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        // Stored before it can fire: a handler that ran first would find no timer to release, and the timer stored
        // after it would keep its handler, which holds the item, which holds the timer (a leak valgrind caught).
        cancel.setTimer(timer)
        timer.resume()
        return cancel
    }

    func schedulePeriodic<State>(
        _ state: State, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (State) -> State
    ) -> any Disposable {
        let cancel = ScheduledItem()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let box = PeriodicStorage(state: state, action: action)
        timer.setEventHandler {
            if cancel.isDisposed { return }
            cancel.live.withCreationScope { box.run() }
        }
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        cancel.setTimer(timer)
        timer.resume()
        return cancel
    }
}

/// The state of a periodic action; only the scheduler's queue touches it.
private final class PeriodicStorage<State>: @unchecked Sendable {
    private var state: State
    private let action: (State) -> State

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    func run() {
        HeldLocks.checkNoneHeld("a scheduled action")
        state = action(state)
    }
}

/// The handle of one scheduled action: cancels the timer, or disposes what the action returned.
final class ScheduledItem: Cancelable, @unchecked Sendable {
    /// The words of `lock` and `disposedFlag`, in this object's own memory (see ``InlineWord``). Must stay the first
    /// stored property.
    private var words = (InlineWord(), InlineWord())
    let live = LiveResource()
    private var lock: LockWord { LockWord(word: 0, of: self) }
    private var disposedFlag: AtomicView<Bool> { AtomicView(word: 1, of: self) }
    private var timer: (any DispatchSourceTimer)?
    private var inner: (any Disposable)?

    init() {
        assertFirstStoredProperty(of: self, &words)
    }

    var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    func setTimer(_ timer: any DispatchSourceTimer) {
        if !DisposedFlagGuard(lock, disposedFlag).storeUnlessDisposed({ self.timer = timer }) { timer.cancel() }
    }

    /// Cancels and forgets the timer once it has fired.
    func releaseTimer() {
        lock.withLock { timer.take() }?.cancel()
    }

    func setInner(_ disposable: any Disposable) {
        if !DisposedFlagGuard(lock, disposedFlag).storeUnlessDisposed({ inner = disposable }) { disposable.dispose() }
    }

    func dispose() {
        let taken = DisposedFlagGuard(lock, disposedFlag).takeOnFirstDispose {
            (timer: timer.take(), inner: inner.take())
        }
        taken?.timer?.cancel()
        taken?.inner?.dispose()
    }
}

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
