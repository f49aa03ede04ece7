import Foundation
import Testing

@testable import RxLite

/// `timeout`'s pure state machine, driven directly with dates.
@Suite(.checksResources)
struct TimeoutStateMachineTests {
    func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    @Test func anElementMovesTheDeadlineAndTheEarlyTimerIsReArmedForTheRest() {
        var machine = TimeoutStateMachine(dueTime: 10, subscribedAt: at(0))
        let passes = machine.sourceEvent(isTerminal: false, now: at(4))
        #expect(passes)
        // The timer armed at subscription fires at 10; the deadline is now 14.
        guard case .armTimer(let rest) = machine.timerFired(now: at(10)) else {
            Issue.record("an early firing re-arms the timer")
            return
        }
        #expect(rest == 4)
        guard case .timeOut = machine.timerFired(now: at(14)) else {
            Issue.record("the deadline passed: time out")
            return
        }
        // Timed out: the source's late events are dropped, and the timer does nothing more.
        let passes2 = machine.sourceEvent(isTerminal: false, now: at(15))
        #expect(!passes2)
        guard case .none = machine.timerFired(now: at(30)) else {
            Issue.record("a timed-out machine does nothing")
            return
        }
    }

    @Test func theSourcesEndStopsTheClock() {
        var machine = TimeoutStateMachine(dueTime: 10, subscribedAt: at(0))
        let passes = machine.sourceEvent(isTerminal: true, now: at(3))
        #expect(passes)
        let passes2 = machine.sourceEvent(isTerminal: false, now: at(4))
        #expect(!passes2)
        guard case .none = machine.timerFired(now: at(10)) else {
            Issue.record("an ended source never times out")
            return
        }
    }

    @Test func aTimerFiringExactlyAtTheDeadlineTimesOut() {
        var machine = TimeoutStateMachine(dueTime: 2, subscribedAt: at(5))
        guard case .timeOut = machine.timerFired(now: at(7)) else {
            Issue.record("due at 7, fired at 7: time out")
            return
        }
    }
}
