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
public final class Debouncer: Sendable {
    private let actions: TimedActions<DebounceStateMachine<(() -> Void)?>>

    /// A debouncer that runs the last action of each burst on `scheduler`, `dueTime` after the burst.
    public init(dueTime: RxTimeInterval, scheduler: any SchedulerType = MainScheduler.instance) {
        actions = TimedActions(machine: DebounceStateMachine(dueTime: dueTime.timeInterval), scheduler: scheduler)
    }

    /// Makes `action` the waiting one (replacing any other) and restarts the wait.
    public func call(_ action: @escaping () -> Void) {
        actions.call(action)
    }

    /// Same as ``call(_:)``: `debouncer { ... }`.
    public func callAsFunction(_ action: @escaping () -> Void) {
        call(action)
    }

    /// Drops the waiting action and cancels its timer.
    public func cancel() {
        _ = actions.reset { $0.flush() }
    }

    /// Runs the waiting action now, if there is one, instead of at the end of the wait. It runs through
    /// `scheduler.schedule`: at once when called on the main queue with `MainScheduler.instance`.
    public func flush() {
        guard let action = actions.reset({ $0.flush() }) else { return }
        _ = actions.scheduler.schedule(()) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Whether an action is waiting.
    public var hasPendingAction: Bool {
        actions.read { machine in
            if case .waiting = machine.state { return true }
            return false
        }
    }
}
