import Foundation

/// The timing logic of `timeout`, without locks or schedulers.
///
/// Invariants (no state records the timer, so nothing checks this at run time: it is the transitions' shape):
/// - One timer is outstanding while `running`. Each element only moves `deadline` later; a timer that fires
///   before the deadline is re-armed for the rest, so elements never allocate timers.
struct TimeoutStateMachine {
    enum State {
        /// Waiting for the next element until `deadline`.
        case running(deadline: Date)
        /// The deadline passed: the source was dropped (for the error or the fallback sequence).
        case timedOut
        /// The source ended; nothing more happens.
        case finished
    }

    enum TimerAction {
        /// Not running any more.
        case none
        /// Time is up: drop the source and fail or switch to the fallback.
        case timeOut
        /// An element moved the deadline: arm the timer again for the rest.
        case armTimer(after: TimeInterval)
    }

    var state: State
    let dueTime: TimeInterval

    init(dueTime: TimeInterval, subscribedAt now: Date) {
        self.dueTime = dueTime
        self.state = .running(deadline: now.addingTimeInterval(dueTime))
    }

    /// A source event arrived at `now`; `true` when it goes out (the source has not timed out or ended).
    mutating func sourceEvent(isTerminal: Bool, now: Date) -> Bool {
        guard case .running = state else { return false }
        state = isTerminal ? .finished : .running(deadline: now.addingTimeInterval(dueTime))
        return true
    }

    /// The timer fired at `now`.
    mutating func timerFired(now: Date) -> TimerAction {
        guard case .running(let deadline) = state else { return .none }
        if let rest = now.timeLeft(until: deadline) { return .armTimer(after: rest) }
        state = .timedOut
        return .timeOut
    }
}
