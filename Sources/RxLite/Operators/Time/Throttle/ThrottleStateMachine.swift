import Foundation

/// Where `throttle` stands, apart from the waiting element (``ThrottleStateMachine/pending``). Not nested in the
/// machine, for the reason ``DebounceState`` gives.
package enum ThrottleState {
    /// No window is open: the next element goes out at once.
    case idle
    /// A window is open until `windowEnd` and nothing waits for it.
    case open(windowEnd: Date)
    /// An element arrived inside the window and goes out at `windowEnd`.
    case waiting(windowEnd: Date)
    /// The upstream completed while an element waited: it goes out at `windowEnd`, then completion.
    case completing(windowEnd: Date)
    /// A terminal event went out; nothing more happens.
    case finished
}

/// The timing logic of `throttle`, without locks or schedulers: each transition returns what the caller must do.
///
/// A window opens whenever an element goes out and lasts `dueTime`. An element arriving when no window is open goes
/// out at once; one arriving inside the window waits for its end (`latest: true`, replacing any waiting element)
/// or is dropped (`latest: false`).
///
/// Generic over the optional that keeps the waiting element (`Element?`, through ``OptionalValue``) rather than over
/// the element, for the reason ``DebounceStateMachine`` gives.
///
/// Invariants (debug builds check the second and third after every transition; the first is the transitions' shape:
/// they arm only when `isTimerArmed` is clear, and move a window end only once it is reached):
/// - At most one timer is outstanding (`isTimerArmed`). Window ends only move later, so that timer is due at or
///   before the current window end; when it fires early it is re-armed, never doubled. A burst inside one window
///   costs one timer, however many elements it holds.
/// - An element waits (`waiting`, `completing`) only with a timer armed, which sends it; a timer is armed otherwise
///   only when left over from a window that an element on its boundary closed, or from an element an error dropped
///   (it then fires, finds nothing due, and is not re-armed). So none is armed before the first element (`idle`).
/// - An element is kept in ``pending`` exactly while one waits (`waiting`, `completing`).
package struct ThrottleStateMachine<Pending: OptionalValue>: TimedStateMachine {
    package typealias Element = Pending.Wrapped

    package var isTimerArmed = false
    package let dueTime: TimeInterval
    package let latest: Bool
    package var state: ThrottleState = .idle
    /// The waiting element. Last: its layout depends on the element, and a field after it would sit at an offset
    /// only this type's metadata knows, in code compiled once for every element type.
    package var pending = Pending.none

    package init(dueTime: TimeInterval, latest: Bool) {
        self.dueTime = dueTime
        self.latest = latest
    }

    /// An element arrived at `now`.
    package mutating func next(_ element: Element, now: Date) -> TimedElementStep {
        defer { _checkInvariants() }
        switch state {
        case .idle:
            state = .open(windowEnd: now.addingTimeInterval(dueTime))
            return .emit
        case .open(let windowEnd):
            if now.hasReached(windowEnd) {
                state = .open(windowEnd: now.addingTimeInterval(dueTime))
                return .emit
            }
            guard latest else { return .none }
            state = .waiting(windowEnd: windowEnd)
            pending = .some(element)
            if isTimerArmed { return .none }
            isTimerArmed = true
            return .armTimer(after: windowEnd.timeIntervalSince(now))
        case .waiting(let windowEnd):
            // On the boundary the new element wins over the waiting one, whose timer is about to fire (RxSwift).
            if now.hasReached(windowEnd) {
                state = .open(windowEnd: now.addingTimeInterval(dueTime))
                pending = .none
                return .emit
            }
            pending = .some(element)
            return .none
        case .completing, .finished:
            return .none
        }
    }

    /// The upstream completed: completion goes out now, or after a waiting element at its window's end.
    package mutating func completed() -> TimedStep<Element> {
        defer { _checkInvariants() }
        switch state {
        case .waiting(let windowEnd):
            state = .completing(windowEnd: windowEnd)
            return .none
        case .completing, .finished:
            return .none
        case .idle, .open:
            state = .finished
            return .complete
        }
    }

    /// The upstream failed; `true` when the error goes out (the waiting element is dropped).
    package mutating func failed() -> Bool {
        if case .finished = state { return false }
        state = .finished
        pending = .none
        _checkInvariants()
        return true
    }

    /// The armed timer fired at `now`.
    package mutating func timerFired(now: Date) -> TimedStep<Element> {
        defer { _checkInvariants() }
        isTimerArmed = false
        switch state {
        case .waiting(let windowEnd), .completing(let windowEnd):
            if let rest = now.timeLeft(until: windowEnd) {
                isTimerArmed = true
                return .armTimer(after: rest)
            }
            guard let element = pending.wrapped else { preconditionFailure("Internal inconsistency: no element waits") }
            pending = .none
            if case .completing = state {
                state = .finished
                return .emitAndComplete(element)
            }
            state = .open(windowEnd: now.addingTimeInterval(dueTime))
            return .emit(element)
        case .idle, .open, .finished:
            return .none
        }
    }

    /// Debug builds: traps unless a waiting element has a timer armed to send it, none is armed before the first
    /// element, and an element is kept exactly while one waits.
    func _checkInvariants() {
        #if DEBUG
            switch state {
            case .waiting, .completing:
                precondition(isTimerArmed, "Internal inconsistency: a throttled element waits with no timer armed")
                precondition(pending.wrapped != nil, "Internal inconsistency: throttle waits for no element")
            case .idle:
                precondition(!isTimerArmed, "Internal inconsistency: throttle armed a timer before any element")
                precondition(
                    pending.wrapped == nil, "Internal inconsistency: throttle keeps an element it is not sending")
            case .open, .finished:
                precondition(
                    pending.wrapped == nil, "Internal inconsistency: throttle keeps an element it is not sending")
            }
        #endif
    }
}
