import Foundation
import Testing

@testable import RxLite

/// The pure state machines of the time operators, driven directly with dates.
@Suite(.checksResources)
struct TimeStateMachineTests {
    func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    func fail(_ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record(comment, sourceLocation: sourceLocation)
    }

    @Test func debounceMovesOneDeadlineAndReArmsForTheRest() {
        var machine = DebounceStateMachine<String>(dueTime: 10)
        guard case .armTimer(let first) = machine.next("a", now: at(0)) else { return fail("a arms the timer") }
        #expect(first == 10)
        guard case .none = machine.next("b", now: at(4)) else { return fail("b moves the deadline only") }
        guard case .armTimer(let rest) = machine.timerFired(now: at(10)) else {
            Issue.record("expected a re-arm")
            return
        }
        #expect(abs(rest - 4) < 1e-9)
        guard case .emit(let element) = machine.timerFired(now: at(14)) else {
            Issue.record("expected an emission")
            return
        }
        #expect(element == "b")
        guard case .none = machine.timerFired(now: at(20)) else {
            Issue.record("expected nothing")
            return
        }
        guard case .complete = machine.completed() else {
            Issue.record("expected completion")
            return
        }
        let failed = machine.failed()
        #expect(!failed)
    }

    @Test func debounceTimerWithinTheToleranceCountsAsOnTime() {
        var machine = DebounceStateMachine<Int>(dueTime: 0.3)
        _ = machine.next(1, now: at(700_000_000.1))
        guard case .emit = machine.timerFired(now: at(700_000_000.1 + 0.3 - 1e-7)) else {
            Issue.record("a timer a few ulps early must still fire")
            return
        }
    }

    @Test func throttleArmsOneTimerPerWindowAndReArmsALeftOverOne() {
        var machine = ThrottleStateMachine<String>(dueTime: 10, latest: true)
        guard case .emit("a") = machine.next("a", now: at(0)) else { return fail("a goes out") }
        guard case .armTimer(let delay) = machine.next("b", now: at(2)), abs(delay - 8) < 1e-9 else {
            return fail("b arms the timer")
        }
        guard case .none = machine.next("c", now: at(3)) else { return fail("c replaces b") }
        // d on the boundary goes out at once; the armed timer is left over.
        guard case .emit("d") = machine.next("d", now: at(10)) else { return fail("d goes out") }
        guard case .none = machine.next("e", now: at(12)) else { return fail("e reuses the timer") }
        guard case .armTimer(let rest) = machine.timerFired(now: at(10)), abs(rest - 10) < 1e-9 else {
            return fail("the early timer re-arms to the new window end")
        }
        guard case .emit("e") = machine.timerFired(now: at(20)) else { return fail("e goes out") }
        guard case .complete = machine.completed() else { return fail("completion goes out at once") }
    }

    @Test func throttleWithoutLatestNeverArms() {
        var machine = ThrottleStateMachine<Int>(dueTime: 10, latest: false)
        guard case .emit(1) = machine.next(1, now: at(0)) else { return fail("1 goes out") }
        guard case .none = machine.next(2, now: at(5)) else { return fail("2 is dropped") }
        #expect(!machine.isTimerArmed)
        guard case .emit(3) = machine.next(3, now: at(10)) else { return fail("3 goes out") }
    }
}
