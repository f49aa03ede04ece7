import Foundation
import RxLite

/// Runs at most one action per `dueTime`, for code without streams: the first call runs at once, later calls
/// inside the window are dropped or run when it ends.
///
/// ```swift
/// let throttler = Throttler(dueTime: .seconds(3), latest: false)
/// button.addAction(UIAction { _ in throttler { viewModel.submit() } }, for: .touchUpInside)
/// ```
///
/// Same timing as RxLite's `throttle(_:latest:scheduler:)`: each action that runs opens a window of
/// `dueTime`; with `latest: true` the last action called inside the window runs when it ends (and opens the next
/// window), with `latest: false` those calls are dropped. Actions run on `scheduler` (the main queue by default,
/// so UI code in them is safe), one scheduled action for a call that runs at once, one timer per window that has
/// a waiting action.
///
/// Thread-safe: `call` and `cancel` may be made from any thread. Deallocating the throttler cancels its waiting
/// action and timer.
public final class Throttler: @unchecked Sendable {
    // @unchecked: every mutable stored property is guarded by `lock`; actions are stored under it and run outside
    // it, on `scheduler`.
    private let scheduler: any SchedulerType
    private let dueTime: TimeInterval
    private let latest: Bool
    private let lock = NSLock()
    // Guarded by `lock`.
    private var machine: ThrottleStateMachine<() -> Void>
    private var timer: (any Disposable)?
    // Bumped by `cancel()`: timers and scheduled runs from before it do nothing.
    private var epoch: UInt64 = 0
    private var timerGeneration: UInt64 = 0

    /// A throttler that runs actions on `scheduler`, at most one per `dueTime`.
    public init(dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType = MainScheduler.instance) {
        self.scheduler = scheduler
        self.dueTime = dueTime.timeInterval
        self.latest = latest
        self.machine = ThrottleStateMachine(dueTime: dueTime.timeInterval, latest: latest)
    }

    deinit {
        timer?.dispose()
    }

    /// Runs `action` on the scheduler now if no window is open; otherwise drops it or keeps it for the window's
    /// end (see `latest`).
    public func call(_ action: @escaping () -> Void) {
        let now = scheduler.now
        lock.lock()
        let epoch = self.epoch
        let step = machine.next(action, now: now)
        lock.unlock()
        switch step {
        case .none:
            break
        case .emit(let action):
            run(action, epoch: epoch)
        case .armTimer(let seconds):
            armTimer(after: seconds, epoch: epoch)
        }
    }

    /// Same as ``call(_:)``: `throttler { ... }`.
    public func callAsFunction(_ action: @escaping () -> Void) {
        call(action)
    }

    /// Drops the waiting action, cancels the timer and closes the window: the next call runs at once. An action
    /// already handed to the scheduler but not started does not run.
    public func cancel() {
        lock.lock()
        epoch &+= 1
        machine = ThrottleStateMachine(dueTime: dueTime, latest: latest)
        let timer = self.timer
        self.timer = nil
        lock.unlock()
        timer?.dispose()
    }

    private func run(_ action: @escaping () -> Void, epoch: UInt64) {
        _ = scheduler.schedule(WeakReference(self)) { reference in
            guard let throttler = reference.object, throttler.isCurrent(epoch) else { return Disposables.create() }
            action()
            return Disposables.create()
        }
    }

    private func isCurrent(_ epoch: UInt64) -> Bool {
        lock.withLock { self.epoch == epoch }
    }

    private func armTimer(after seconds: TimeInterval, epoch: UInt64) {
        lock.lock()
        guard self.epoch == epoch else {
            lock.unlock()
            return
        }
        timerGeneration &+= 1
        let generation = timerGeneration
        lock.unlock()
        let handle = scheduler.scheduleRelative(WeakReference(self), dueTime: rxTimeInterval(seconds: seconds)) {
            reference in
            reference.object?.timerFired(epoch: epoch)
            return Disposables.create()
        }
        lock.lock()
        guard self.epoch == epoch else {
            lock.unlock()
            handle.dispose()
            return
        }
        // A handle stored after its timer already fired and armed the next one must not replace the newer one.
        if generation == timerGeneration { timer = handle }
        lock.unlock()
    }

    private func timerFired(epoch: UInt64) {
        let now = scheduler.now
        lock.lock()
        guard self.epoch == epoch else {
            lock.unlock()
            return
        }
        let step = machine.timerFired(now: now)
        lock.unlock()
        switch step {
        case .none:
            break
        case .emit(let action), .emitAndComplete(let action):
            action()
        case .armTimer(let seconds):
            armTimer(after: seconds, epoch: epoch)
        }
    }
}

/// A weak reference to hand to a scheduler, so pending work does not keep its owner alive.
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
