import Foundation
import RxLite

/// Runs at most one action per `dueTime`, for code without streams: the first call runs at once, later calls
/// inside the window are dropped or run when it ends.
///
/// ```swift
/// let throttler = Throttler(dueTime: .seconds(3))
/// button.addAction(UIAction { _ in throttler { viewModel.submit() } }, for: .touchUpInside)
/// ```
///
/// Same timing as RxLite's `throttle(_:latest:scheduler:)`: each action that runs opens a window of
/// `dueTime`; with `latest: true` the last action called inside the window runs when it ends (and opens the next
/// window), with `latest: false` those calls are dropped. Actions run on `scheduler` (the main queue by default,
/// so UI code in them is safe), one scheduled action for a call that runs at once, one timer per window that has
/// a waiting action.
///
/// **`latest` defaults to `false`** here and in `onTap(throttle:)`: a guarded button fires once per window, and taps
/// inside it are dropped, which is what a throttled button is for (a guard against double submits). The stream
/// operator `throttle(_:latest:scheduler:)` keeps RxSwift's default, `true`, so ported code behaves the same. This
/// is the one place the choice is stated.
///
/// Thread-safe: `call` and `cancel` may be made from any thread. Deallocating the throttler cancels its waiting
/// action and timer.
public final class Throttler: Sendable {
    private let actions: TimedActions<ThrottleStateMachine<(() -> Void)?>>

    /// A throttler that runs actions on `scheduler`, at most one per `dueTime`.
    public init(
        dueTime: RxTimeInterval, latest: Bool = false, scheduler: any SchedulerType = MainScheduler.instance
    ) {
        actions = TimedActions(
            machine: ThrottleStateMachine(dueTime: dueTime.timeInterval, latest: latest), scheduler: scheduler)
    }

    /// Runs `action` on the scheduler now if no window is open; otherwise drops it or keeps it for the window's
    /// end (see `latest`).
    public func call(_ action: @escaping () -> Void) {
        actions.call(action)
    }

    /// Same as ``call(_:)``: `throttler { ... }`.
    public func callAsFunction(_ action: @escaping () -> Void) {
        call(action)
    }

    /// Drops the waiting action, cancels the timer and closes the window: the next call runs at once. An action
    /// already handed to the scheduler but not started does not run.
    public func cancel() {
        actions.reset { machine in machine = ThrottleStateMachine(dueTime: machine.dueTime, latest: machine.latest) }
    }
}
