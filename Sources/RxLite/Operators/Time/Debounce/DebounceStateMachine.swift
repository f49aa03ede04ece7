import Foundation

/// The timing logic of `debounce`, without locks or schedulers: each transition returns what the caller must do.
///
/// Invariants (no state records the timer, so nothing checks this at run time: it is the transitions' shape, which
/// the tests drive):
/// - A timer is outstanding exactly while an element waits. It is armed when an element arrives with none waiting;
///   a newer element only moves `deadline` later, and when the timer fires before the deadline it is re-armed for
///   the rest. So a burst of any length costs two timers, not one per element. (``flush()`` takes the element out
///   with its timer still armed: its caller cancels that timer.)
package struct DebounceStateMachine<Element>: TimedStateMachine {
    package enum State {
        /// Nothing waits and no timer is outstanding.
        case idle
        /// `element` goes out at `deadline` unless a newer one replaces it; one timer, due at or before
        /// `deadline`, is outstanding.
        case waiting(element: Element, deadline: Date)
        /// A terminal event went out; nothing more happens.
        case finished
    }

    package let dueTime: TimeInterval
    /// Last: its layout depends on `Element`, and a field after it would sit at an offset only this type's metadata
    /// knows, in code compiled once for every element type.
    package var state: State = .idle

    package init(dueTime: TimeInterval) {
        self.dueTime = dueTime
    }

    /// An element arrived at `now`: it waits, and the timer is armed unless one already is.
    package mutating func next(_ element: Element, now: Date) -> TimedStep<Element> {
        switch state {
        case .idle:
            state = .waiting(element: element, deadline: now.addingTimeInterval(dueTime))
            return .armTimer(after: dueTime)
        case .waiting:
            state = .waiting(element: element, deadline: now.addingTimeInterval(dueTime))
            return .none
        case .finished:
            return .none
        }
    }

    /// The upstream completed: a waiting element is flushed at once.
    package mutating func completed() -> TimedStep<Element> {
        switch state {
        case .idle:
            state = .finished
            return .complete
        case .waiting(let element, _):
            state = .finished
            return .emitAndComplete(element)
        case .finished:
            return .none
        }
    }

    /// The upstream failed; `true` when the error goes out (the waiting element is dropped).
    package mutating func failed() -> Bool {
        if case .finished = state { return false }
        state = .finished
        return true
    }

    /// The timer fired at `now`.
    package mutating func timerFired(now: Date) -> TimedStep<Element> {
        guard case .waiting(let element, let deadline) = state else { return .none }
        if let rest = now.timeLeft(until: deadline) { return .armTimer(after: rest) }
        state = .idle
        return .emit(element)
    }

    /// Takes the waiting element out, as if its deadline had passed (for `flush`).
    package mutating func flush() -> Element? {
        guard case .waiting(let element, _) = state else { return nil }
        state = .idle
        return element
    }
}
