import Dispatch
import Foundation

/// The dispatch plumbing shared by the queue-backed schedulers.
///
/// The dispatch blocks are `@Sendable` and a ``LockedBuffer`` is not (no `ManagedBuffer` is): the item and the periodic
/// storage cross into them in an ``UncheckedTransfer``, which is safe because each keeps what it holds under its lock.
struct DispatchQueueEngine: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<State>(_ state: State, action: @escaping (State) -> any Disposable) -> any Disposable {
        let cancel = ScheduledItem.make()
        let item = UncheckedTransfer(value: cancel)
        let work = UncheckedTransfer(value: (state, action))
        queue.async {
            let cancel = item.value
            if cancel.isDisposed { return }
            // Debug builds: what the action makes belongs to the scope that scheduled it (a test's, for example).
            cancel.withCreationScope { cancel.setInner(work.value.1(work.value.0)) }
        }
        return cancel
    }

    func scheduleRelative<State>(
        _ state: State, dueTime: RxTimeInterval, action: @escaping (State) -> any Disposable
    ) -> any Disposable {
        let cancel = ScheduledItem.make()
        let item = UncheckedTransfer(value: cancel)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = UncheckedTransfer(value: (state, action))
        timer.setEventHandler {
            let cancel = item.value
            // A fired one-shot timer is cancelled so it releases this handler (and the item it holds).
            cancel.releaseTimer()
            if cancel.isDisposed { return }
            cancel.withCreationScope { cancel.setInner(work.value.1(work.value.0)) }
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
        let cancel = ScheduledItem.make()
        let item = UncheckedTransfer(value: cancel)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let periodic = UncheckedTransfer(value: PeriodicStorage.make(state: state, action: action))
        timer.setEventHandler {
            let cancel = item.value
            if cancel.isDisposed { return }
            cancel.withCreationScope { periodic.value.run() }
        }
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        cancel.setTimer(timer)
        timer.resume()
        return cancel
    }
}

/// The state of a periodic action. Only the timer's handler touches it, one call at a time, so the lock is never
/// contended: it is there so that every access to the state is under it, as in every ``LockedBuffer``.
private final class PeriodicStorage<State>: LockedBuffer<PeriodicState<State>> {
    static func make(state: State, action: @escaping (State) -> State) -> PeriodicStorage {
        make(state: PeriodicState(action: action, value: state))
    }

    /// Runs the action on the current state, without the lock, and keeps its result.
    func run() {
        let state = state
        lock.lock()
        let action = state.pointee.action
        let current = state.pointee.value
        lock.unlock()
        HeldLocks.checkNoneHeld("a scheduled action")
        let next = action(current)
        lock.lock()
        // The state replaced is the user's: released after the lock.
        let replaced = state.pointee.value
        state.pointee.value = next
        lock.unlock()
        withExtendedLifetime(replaced) {}
    }
}

/// The state of a ``PeriodicStorage``, under its lock.
private struct PeriodicState<State> {
    let action: (State) -> State
    /// Last: its layout depends on `State` (see ``LockedBuffer``).
    var value: State
}

/// The handle of one scheduled action: cancels the timer, or disposes what the action returned. The lock and the
/// disposed flag are its tail words (a ``DisposedFlagGuard``'s).
final class ScheduledItem: LockedBuffer<ScheduledItemState>, Cancelable {
    static func make() -> ScheduledItem {
        make(words: DisposedFlagGuard.words, state: ScheduledItemState())
    }

    var isDisposed: Bool { DisposedFlagGuard(self).isDisposed }

    /// Runs `body` with the scope the item was made in current (see ``LiveResource/withCreationScope(_:)``).
    func withCreationScope(_ body: () -> Void) {
        #if DEBUG
            // Read under the lock, as all of the state is: a transition is handed the whole state `inout`.
            let live = withLock { $0.live }
            live.withCreationScope(body)
        #else
            // A release build keeps no scope (``LiveResource`` is empty there): no lock round trip per action.
            body()
        #endif
    }

    func setTimer(_ timer: any DispatchSourceTimer) {
        let state = state
        if !DisposedFlagGuard(self).storeUnlessDisposed({ state.pointee.timer = timer }) { timer.cancel() }
    }

    /// Cancels and forgets the timer once it has fired.
    func releaseTimer() {
        withLock { $0.timer.take() }?.cancel()
    }

    func setInner(_ disposable: any Disposable) {
        let state = state
        if !DisposedFlagGuard(self).storeUnlessDisposed({ state.pointee.inner = disposable }) { disposable.dispose() }
    }

    func dispose() {
        let state = state
        let taken = DisposedFlagGuard(self).takeOnFirstDispose {
            (timer: state.pointee.timer.take(), inner: state.pointee.inner.take())
        }
        taken?.timer?.cancel()
        taken?.inner?.dispose()
    }
}

/// The state of a ``ScheduledItem``, under its lock.
struct ScheduledItemState {
    let live = LiveResource()
    var timer: (any DispatchSourceTimer)?
    var inner: (any Disposable)?
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
