import Foundation

/// What a ``TimedStateMachine`` asks its caller to do after an element arrived. The element is the caller's, so the
/// step does not carry it: a step generic over the element is a type formed from it, whose metadata code compiled
/// once for every element type would look up on every element.
package enum TimedElementStep {
    /// Nothing to do (kept to wait for a timer, dropped, or already finished).
    case none
    /// Send the element that arrived, now.
    case emit
    /// Arm the timer for `after` seconds.
    case armTimer(after: TimeInterval)
}

/// What a ``TimedStateMachine`` asks its caller to do after a transition other than an element's (a timer, the
/// upstream's end), which may hand out the element that waited.
package enum TimedStep<Element> {
    /// Nothing to do (dropped, waiting for a timer already armed, or already finished).
    case none
    /// Send the element now.
    case emit(Element)
    /// Send the element now, then complete.
    case emitAndComplete(Element)
    /// Complete now.
    case complete
    /// Arm the timer for `after` seconds.
    case armTimer(after: TimeInterval)
}

/// The timing logic of a single-upstream time operator (`debounce`, `throttle`) without locks or schedulers: each
/// transition returns the step the caller performs. ``TimedMachineStorage`` runs one for an operator; RxLiteUI's
/// `Debouncer` and `Throttler` run one for actions.
package protocol TimedStateMachine<Element> {
    associatedtype Element

    /// An element arrived at `now`.
    mutating func next(_ element: Element, now: Date) -> TimedElementStep
    /// The upstream completed.
    mutating func completed() -> TimedStep<Element>
    /// The upstream failed; `true` when the error goes out (a waiting element is dropped).
    mutating func failed() -> Bool
    /// The armed timer fired at `now`.
    mutating func timerFired(now: Date) -> TimedStep<Element>
}
