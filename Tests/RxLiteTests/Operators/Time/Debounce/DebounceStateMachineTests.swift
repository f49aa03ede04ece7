import Foundation
import Testing

@testable import RxLite

/// `debounce`'s pure state machine, driven directly with dates.
@Suite(.checksResources)
struct DebounceStateMachineTests {
    func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    func fail(_ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record(comment, sourceLocation: sourceLocation)
    }

    @Test func debounceMovesOneDeadlineAndReArmsForTheRest() {
        var machine = DebounceStateMachine<String?>(dueTime: 10)
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
        var machine = DebounceStateMachine<Int?>(dueTime: 0.3)
        _ = machine.next(1, now: at(700_000_000.1))
        guard case .emit = machine.timerFired(now: at(700_000_000.1 + 0.3 - 1e-7)) else {
            Issue.record("a timer a few ulps early must still fire")
            return
        }
    }
}
