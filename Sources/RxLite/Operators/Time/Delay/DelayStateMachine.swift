import Foundation

/// The timing logic of `delay`, without locks or schedulers: a queue of events with the times they are due.
///
/// Invariants:
/// - Due times are non-decreasing along the queue (each is its arrival time plus the same delay).
/// - One timer is outstanding exactly while the queue is not empty, due at or before the head's due time; a burst
///   of elements costs one timer per gap the timer has to wait, not one per element.
struct DelayStateMachine<Element> {
    enum State {
        /// Events wait in `queue` (from `head` on) for their due times.
        case running
        /// An error went out, or the delayed completion did: nothing more happens.
        case finished
    }

    var state: State = .running
    var queue: [(event: Event<Element>, due: Date)] = []
    var head = 0
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
        queue.append((event, now.addingTimeInterval(dueTime)))
        if isTimerArmed { return nil }
        isTimerArmed = true
        return queue[head].due.timeIntervalSince(now)
    }

    /// The timer fired: it is no longer outstanding. Follow with ``takeDue(now:)`` until it returns no event.
    mutating func timerFired() {
        isTimerArmed = false
    }

    /// The source failed; `true` when the error goes out (at once, dropping the waiting events).
    mutating func failed() -> Bool {
        guard case .running = state else { return false }
        state = .finished
        queue = []
        head = 0
        return true
    }

    /// The timer fired at `now`: takes the next due event, or says how long until it is due (`nil` when the queue
    /// is empty). Call repeatedly until it returns no event, or (`deliversOnePerFiring`) until it returns an event
    /// with the time to re-arm the timer for the next one.
    mutating func takeDue(now: Date) -> (event: Event<Element>?, rearmAfter: TimeInterval?) {
        guard case .running = state, head < queue.count else { return (nil, nil) }
        let next = queue[head]
        if let rest = now.timeLeft(until: next.due) {
            // An element that arrived while the due events went out may have armed the timer already.
            if isTimerArmed { return (nil, nil) }
            isTimerArmed = true
            return (nil, rest)
        }
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        if next.event.isStopEvent { state = .finished }
        if deliversOnePerFiring, head < queue.count, !isTimerArmed {
            isTimerArmed = true
            return (next.event, max(0, queue[head].due.timeIntervalSince(now)))
        }
        return (next.event, nil)
    }
}
