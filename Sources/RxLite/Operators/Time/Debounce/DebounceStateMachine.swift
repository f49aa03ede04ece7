import Foundation

/// Where `debounce` stands, apart from the waiting element (``DebounceStateMachine/pending``).
///
/// Not nested in the machine: a type nested in a generic one is generic too, and code compiled once for every
/// element type would look up its metadata on every element.
package enum DebounceState {
    /// Nothing waits and no timer is outstanding.
    case idle
    /// The waiting element goes out at `deadline` unless a newer one replaces it; one timer, due at or before
    /// `deadline`, is outstanding.
    case waiting(deadline: Date)
    /// A terminal event went out; nothing more happens.
    case finished
}

/// The timing logic of `debounce`, without locks or schedulers: each transition returns what the caller must do.
///
/// Generic over the optional that keeps the waiting element (`Element?`, through ``OptionalValue``) rather than over
/// the element: storing into an `Element?` field, compiled once, looked up `Optional<Element>`'s metadata on every
/// element, where the machine reads `Pending`'s from its own type parameters.
///
/// Invariants (debug builds check the first after every transition; the second is the transitions' shape, since no
/// state records the timer, and the tests drive it):
/// - An element waits in ``pending`` exactly while the state is ``DebounceState/waiting(deadline:)``.
/// - A timer is outstanding exactly while an element waits. It is armed when an element arrives with none waiting;
///   a newer element only moves `deadline` later, and when the timer fires before the deadline it is re-armed for
///   the rest. So a burst of any length costs two timers, not one per element. (``flush()`` takes the element out
///   with its timer still armed: its caller cancels that timer.)
package struct DebounceStateMachine<Pending: OptionalValue>: TimedStateMachine {
    package typealias Element = Pending.Wrapped

    package let dueTime: TimeInterval
    package var state: DebounceState = .idle
    /// The waiting element. Last: its layout depends on the element, and a field after it would sit at an offset
    /// only this type's metadata knows, in code compiled once for every element type.
    package var pending = Pending.none

    package init(dueTime: TimeInterval) {
        self.dueTime = dueTime
    }

    /// An element arrived at `now`: it waits, and the timer is armed unless one already is.
    package mutating func next(_ element: Element, now: Date) -> TimedElementStep {
        defer { _checkInvariants() }
        switch state {
        case .idle:
            state = .waiting(deadline: now.addingTimeInterval(dueTime))
            pending = .some(element)
            return .armTimer(after: dueTime)
        case .waiting:
            state = .waiting(deadline: now.addingTimeInterval(dueTime))
            pending = .some(element)
            return .none
        case .finished:
            return .none
        }
    }

    /// The upstream completed: a waiting element is flushed at once.
    package mutating func completed() -> TimedStep<Element> {
        defer { _checkInvariants() }
        switch state {
        case .idle:
            state = .finished
            return .complete
        case .waiting:
            state = .finished
            return .emitAndComplete(takePending())
        case .finished:
            return .none
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

    /// The timer fired at `now`.
    package mutating func timerFired(now: Date) -> TimedStep<Element> {
        defer { _checkInvariants() }
        guard case .waiting(let deadline) = state else { return .none }
        if let rest = now.timeLeft(until: deadline) { return .armTimer(after: rest) }
        state = .idle
        return .emit(takePending())
    }

    /// Takes the waiting element out, as if its deadline had passed (for `flush`).
    package mutating func flush() -> Element? {
        defer { _checkInvariants() }
        guard case .waiting = state else { return nil }
        state = .idle
        return takePending()
    }

    /// The waiting element, which no longer waits; the caller leaves the waiting state.
    private mutating func takePending() -> Element {
        guard let element = pending.wrapped else { preconditionFailure("Internal inconsistency: no element waits") }
        pending = .none
        return element
    }

    /// Debug builds: traps unless an element waits exactly in the waiting state.
    func _checkInvariants() {
        #if DEBUG
            let isWaiting: Bool
            if case .waiting = state { isWaiting = true } else { isWaiting = false }
            precondition(
                isWaiting == (pending.wrapped != nil),
                "Internal inconsistency: debounce keeps an element outside the waiting state, or waits for none")
        #endif
    }
}
