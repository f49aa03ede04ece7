import Foundation
import RxLite

/// The engine behind ``Debouncer`` and ``Throttler``: a timed state machine over actions (RxLite's, the same timing
/// as `debounce` and `throttle`) whose one timer RxLite's timer engine (`TimerOwner`) arms; ``reset(_:)`` starts a
/// new epoch of its `TimerSlot`, so that timers and scheduled runs from before a reset do nothing.
///
/// Thread-safe: every mutable stored property is guarded by `lock`; actions are stored under it and run outside
/// it, on `scheduler`. Timers hold it weakly, so dropping its owner cancels the waiting action and its timer.
final class TimedActions<Machine: TimedStateMachine>: TimerOwner, @unchecked Sendable
where Machine.Element == () -> Void {
    let scheduler: any SchedulerType
    private let lock = Lock()
    // Guarded by `lock`.
    private var machine: Machine
    private var timerSlot = TimerSlot()

    init(machine: Machine, scheduler: any SchedulerType) {
        self.machine = machine
        self.scheduler = scheduler
    }

    deinit {
        timerSlot.close()?.dispose()
    }

    /// Feeds `action` to the machine; one that goes out at once runs through the scheduler.
    func call(_ action: @escaping () -> Void) {
        let now = scheduler.now
        lock.lock()
        let epoch = timerSlot.epoch
        let step = machine.next(action, now: now)
        lock.unlock()
        switch step {
        case .none:
            break
        case .emit:
            run(action, epoch: epoch)
        case .armTimer(let seconds):
            armTimer(after: seconds, in: epoch)
        }
    }

    /// Changes the machine with `update`, cancels the timer and starts a new epoch; returns what `update` returns.
    func reset<Result>(_ update: (inout Machine) -> Result) -> Result {
        lock.lock()
        let timer = timerSlot.reset()
        let result = update(&machine)
        lock.unlock()
        timer?.dispose()
        return result
    }

    /// Reads the machine under the lock.
    func read<Result>(_ body: (Machine) -> Result) -> Result {
        lock.withLock { body(machine) }
    }

    func withTimerSlot<Result>(_ body: (inout TimerSlot) -> Result) -> Result {
        lock.withLock { body(&timerSlot) }
    }

    func scheduleTimer(after dueTime: RxTimeInterval, epoch: UInt64) -> any Disposable {
        scheduler.scheduleRelative(WeakReference(self), dueTime: dueTime) { reference in
            reference.object?.timerFired(epoch: epoch)
            return Disposables.create()
        }
    }

    /// Performs `step` of epoch `epoch`, from a timer: an action runs right here, on the scheduler.
    private func perform(_ step: TimedStep<() -> Void>, epoch: UInt64) {
        switch step {
        case .none, .complete:
            break
        case .emit(let action), .emitAndComplete(let action):
            action()
        case .armTimer(let seconds):
            armTimer(after: seconds, in: epoch)
        }
    }

    private func run(_ action: @escaping () -> Void, epoch: UInt64) {
        _ = scheduler.schedule(WeakReference(self)) { reference in
            guard let actions = reference.object, actions.isCurrent(epoch) else { return Disposables.create() }
            action()
            return Disposables.create()
        }
    }

    private func isCurrent(_ epoch: UInt64) -> Bool {
        lock.withLock { timerSlot.isCurrent(epoch) }
    }

    private func timerFired(epoch: UInt64) {
        let now = scheduler.now
        lock.lock()
        guard timerSlot.isCurrent(epoch) else {
            lock.unlock()
            return
        }
        let step = machine.timerFired(now: now)
        lock.unlock()
        perform(step, epoch: epoch)
    }
}

/// A weak reference to hand to a scheduler, so pending work does not keep its owner alive.
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
