import Foundation
import RxLite

/// Runs only the last of a burst of actions, once `dueTime` has passed without a newer call: for code without
/// streams (search-as-you-type, saving a draft, a button tapped repeatedly).
///
/// ```swift
/// let debouncer = Debouncer(dueTime: .milliseconds(300))
/// func textDidChange(_ text: String) { debouncer { viewModel.search(text) } }
/// ```
///
/// Same timing as RxLite's `debounce(_:scheduler:)`. The action runs on `scheduler` (the main queue
/// by default, so UI code in it is safe). A call does not allocate a timer: one deadline moves with each call, and
/// the one outstanding timer is re-armed only when it fires before that deadline.
///
/// Thread-safe: `call`, `cancel` and `flush` may be made from any thread. Deallocating the debouncer cancels the
/// waiting action and its timer.
public final class Debouncer: @unchecked Sendable {
    // @unchecked: every mutable stored property is guarded by `lock`; actions are stored under it and run outside
    // it, on `scheduler`.
    private let scheduler: any SchedulerType
    private let dueTime: TimeInterval
    private let lock = NSLock()
    // Guarded by `lock`.
    private var machine: DebounceStateMachine<() -> Void>
    private var timer: (any Disposable)?
    // Bumped by `cancel()` and `flush()`, which cancel the timer: a timer from an earlier epoch does nothing.
    private var epoch: UInt64 = 0
    private var timerGeneration: UInt64 = 0

    /// A debouncer that runs the last action of each burst on `scheduler`, `dueTime` after the burst.
    public init(dueTime: RxTimeInterval, scheduler: any SchedulerType = MainScheduler.instance) {
        self.scheduler = scheduler
        self.dueTime = dueTime.timeInterval
        self.machine = DebounceStateMachine(dueTime: dueTime.timeInterval)
    }

    deinit {
        timer?.dispose()
    }

    /// Makes `action` the waiting one (replacing any other) and restarts the wait.
    public func call(_ action: @escaping () -> Void) {
        let now = scheduler.now
        lock.lock()
        let epoch = self.epoch
        let delay = machine.next(action, now: now)
        lock.unlock()
        if let delay { armTimer(after: delay, epoch: epoch) }
    }

    /// Same as ``call(_:)``: `debouncer { ... }`.
    public func callAsFunction(_ action: @escaping () -> Void) {
        call(action)
    }

    /// Drops the waiting action and cancels its timer.
    public func cancel() {
        _ = takeWaiting()
    }

    /// Runs the waiting action now, if there is one, instead of at the end of the wait. It runs through
    /// `scheduler.schedule`: at once when called on the main queue with `MainScheduler.instance`.
    public func flush() {
        guard let action = takeWaiting() else { return }
        _ = scheduler.schedule(()) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Whether an action is waiting.
    public var hasPendingAction: Bool {
        lock.withLock {
            if case .waiting = machine.state { return true }
            return false
        }
    }

    private func takeWaiting() -> (() -> Void)? {
        lock.lock()
        epoch &+= 1
        let action = machine.flush()
        let timer = self.timer
        self.timer = nil
        lock.unlock()
        timer?.dispose()
        return action
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
        case .emit(let action):
            action()
        case .armTimer(let seconds):
            armTimer(after: seconds, epoch: epoch)
        }
    }
}
