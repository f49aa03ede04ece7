import Foundation
import Testing

@testable import RxLite

/// `throttle`'s pure state machine, driven directly with dates.
@Suite(.checksResources)
struct ThrottleStateMachineTests {
    func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    func fail(_ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record(comment, sourceLocation: sourceLocation)
    }

    @Test func throttleArmsOneTimerPerWindowAndReArmsALeftOverOne() {
        var machine = ThrottleStateMachine<String?>(dueTime: 10, latest: true)
        guard case .emit = machine.next("a", now: at(0)) else { return fail("a goes out") }
        guard case .armTimer(let delay) = machine.next("b", now: at(2)), abs(delay - 8) < 1e-9 else {
            return fail("b arms the timer")
        }
        guard case .none = machine.next("c", now: at(3)) else { return fail("c replaces b") }
        // d on the boundary goes out at once; the armed timer is left over.
        guard case .emit = machine.next("d", now: at(10)) else { return fail("d goes out") }
        guard case .none = machine.next("e", now: at(12)) else { return fail("e reuses the timer") }
        guard case .armTimer(let rest) = machine.timerFired(now: at(10)), abs(rest - 10) < 1e-9 else {
            return fail("the early timer re-arms to the new window end")
        }
        guard case .emit("e") = machine.timerFired(now: at(20)) else { return fail("e goes out") }
        guard case .complete = machine.completed() else { return fail("completion goes out at once") }
    }

    @Test func throttleWithoutLatestNeverArms() {
        var machine = ThrottleStateMachine<Int?>(dueTime: 10, latest: false)
        guard case .emit = machine.next(1, now: at(0)) else { return fail("1 goes out") }
        guard case .none = machine.next(2, now: at(5)) else { return fail("2 is dropped") }
        #expect(!machine.isTimerArmed)
        guard case .emit = machine.next(3, now: at(10)) else { return fail("3 goes out") }
    }

    @Test func anElementWaitingWithNoTimerTraps() async {
        #if DEBUG
            let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var machine = ThrottleStateMachine<Int?>(dueTime: 10, latest: true)
                machine.pending = 1
                machine.state = .waiting(windowEnd: Date(timeIntervalSinceReferenceDate: 10))
                _ = machine.completed()
            }
            let message = exit.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            #expect(message.contains("a throttled element waits with no timer armed"))
        #endif
    }
}
