import Foundation

/// The timing logic of `delay`, without locks or schedulers: a queue of events with the times they are due.
///
/// Invariants (debug builds check the first where a transition ends outside a firing: after an enqueue,
/// and after the ``takeDue(now:)`` that ends a firing):
/// - While running, a timer is outstanding (`isTimerArmed`) whenever events wait, due at or before the front's due
///   time, except during a firing (from ``timerFired()`` until ``takeDue(now:)`` returns no event, or a time to
///   re-arm for). A burst of elements costs one timer per gap the timer has to wait, not one per element. A timer
///   may outlive the events it was armed for (an error dropped them, or a firing took an event that arrived, and
///   armed it, meanwhile): it then fires and finds nothing.
/// - Events leave in arrival order. Their due times (each the arrival time plus the same delay) are non-decreasing
///   along the queue while the scheduler's clock does not go back; a wall clock set back makes an event due before
///   the one ahead of it, and it waits behind that one. (Not checked: it depends on the clock.)
struct DelayStateMachine<Element> {
    enum State {
        /// Events wait in `queue` for their due times.
        case running
        /// An error went out, or the delayed completion did: nothing more happens.
        case finished
    }

    var state: State = .running
    var queue = RingBuffer<(event: Event<Element>, due: Date)>()
    /// Whether a timer is outstanding.
    var isTimerArmed = false
    let dueTime: TimeInterval
    /// Each firing of the timer delivers one event and re-arms it for the next (due now: at once), as RxSwift's
    /// delay does: on a virtual-time scheduler, events due together then arrive a tick apart, as in RxTest.
    let deliversOnePerFiring: Bool

    init(dueTime: TimeInterval, deliversOnePerFiring: Bool = false) {
        self.dueTime = dueTime
        self.deliversOnePerFiring = deliversOnePerFiring
    }

    /// An element or completion arrived at `now`; returns the delay to arm a timer for, or `nil` when one is
    /// already armed (or the sequence is over).
    mutating func enqueue(_ event: Event<Element>, now: Date) -> TimeInterval? {
        guard case .running = state else { return nil }
        let due = now.addingTimeInterval(dueTime)
        queue.append((event, due))
        defer { _checkInvariants() }
        if isTimerArmed { return nil }
        isTimerArmed = true
        // The front may be an older event, left waiting by a firing that is still taking events.
        return (queue.first?.due ?? due).timeIntervalSince(now)
    }

    /// The timer fired: it is no longer outstanding. Follow with ``takeDue(now:)`` until it returns no event.
    mutating func timerFired() {
        isTimerArmed = false
    }

    /// The source failed; `true` when the error goes out (at once, dropping the waiting events).
    mutating func failed() -> Bool {
        guard case .running = state else { return false }
        state = .finished
        queue.removeAll()
        return true
    }

    /// The timer fired at `now`: takes the next due event, or says how long until it is due (`nil` when the queue
    /// is empty). Call repeatedly until it returns no event, or (`deliversOnePerFiring`) until it returns an event
    /// with the time to re-arm the timer for the next one.
    mutating func takeDue(now: Date) -> (event: Event<Element>?, rearmAfter: TimeInterval?) {
        guard case .running = state, let next = queue.first else { return (nil, nil) }
        if let rest = now.timeLeft(until: next.due) {
            // An element that arrived while the due events went out may have armed the timer already.
            defer { _checkInvariants() }
            if isTimerArmed { return (nil, nil) }
            isTimerArmed = true
            return (nil, rest)
        }
        _ = queue.popFirst()
        if next.event.isStopEvent { state = .finished }
        if deliversOnePerFiring, let following = queue.first, !isTimerArmed {
            isTimerArmed = true
            _checkInvariants()
            return (next.event, max(0, following.due.timeIntervalSince(now)))
        }
        // The firing goes on: the caller asks again.
        return (next.event, nil)
    }

    /// Debug builds, where a transition ends outside a firing: traps unless a running machine with events waiting
    /// has its timer armed.
    func _checkInvariants() {
        #if DEBUG
            if case .running = state, !queue.isEmpty {
                precondition(isTimerArmed, "Internal inconsistency: delayed events wait with no timer armed")
            }
        #endif
    }
}
