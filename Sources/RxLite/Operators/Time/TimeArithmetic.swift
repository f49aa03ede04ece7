import Foundation

// The time arithmetic of the timed operators and of RxLiteUI's `Throttler`/`Debouncer`: how `Date` deadlines compare
// and how a `TimeInterval` becomes a scheduler interval. Kept apart from the timer engine (`TimerSlot.swift`),
// which only counts and cancels timers.

/// How early a timer may fire and still count as on time.
///
/// Scheduler clocks are `Date`s, whose precision near today is about 0.1 µs, so a deadline computed as
/// `arrival + dueTime` and a timer that fired exactly `dueTime` later can differ by a few ulps. Treating a deadline
/// that is less than a microsecond away as reached keeps such a timer from re-arming for "no time at all".
let timerTolerance: TimeInterval = 1e-6

extension Date {
    /// `true` when `deadline` is now or past (within ``timerTolerance``).
    package func hasReached(_ deadline: Date) -> Bool {
        timeIntervalSince(deadline) >= -timerTolerance
    }

    /// The time left until `deadline`, or `nil` when it is reached (within ``timerTolerance``): what a timer that
    /// fired early re-arms for.
    package func timeLeft(until deadline: Date) -> TimeInterval? {
        hasReached(deadline) ? nil : deadline.timeIntervalSince(self)
    }
}

/// `seconds` as a scheduler interval, rounded up to whole nanoseconds; infinite spans become `.never`.
package func rxTimeInterval(seconds: TimeInterval) -> RxTimeInterval {
    guard seconds.isFinite else { return .never }
    let nanoseconds = (seconds * 1_000_000_000).rounded(.up)
    guard nanoseconds < Double(Int.max / 2) else { return .never }
    return .nanoseconds(max(0, Int(nanoseconds)))
}
