import Foundation
import Testing

@testable import RxLite

/// `delay`'s pure state machine, driven directly with dates.
@Suite(.checksResources)
struct DelayStateMachineTests {
    func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    @Test func eventsLeaveInArrivalOrderWhenTheClockGoesBack() {
        var machine = DelayStateMachine<String>(dueTime: 20)
        let armed = machine.enqueue(.next("a"), now: at(10))
        #expect(armed == 20)
        // A wall clock set back: b is due at 25, before a (30), and waits behind it.
        let armedAgain = machine.enqueue(.next("b"), now: at(5))
        #expect(armedAgain == nil)
        machine.timerFired()
        let early = machine.takeDue(now: at(26))
        #expect(early.event == nil)
        #expect(early.rearmAfter.map { abs($0 - 4) < 1e-9 } == true)
        machine.timerFired()
        let first = machine.takeDue(now: at(30)).event
        let second = machine.takeDue(now: at(30)).event
        #expect(first == .next("a") && second == .next("b"))
        let drained = machine.takeDue(now: at(30))
        #expect(drained.event == nil && drained.rearmAfter == nil)
    }

    @Test func aTimerOutlivesTheEventsAnErrorDropped() {
        var machine = DelayStateMachine<Int>(dueTime: 20)
        let armed = machine.enqueue(.next(1), now: at(0))
        #expect(armed == 20)
        let fails = machine.failed()
        #expect(fails && machine.isTimerArmed)
        machine.timerFired()
        let firing = machine.takeDue(now: at(20))
        #expect(firing.event == nil && firing.rearmAfter == nil)
    }

    @Test func anEventArrivingDuringAFiringArmsATimerThatMayFindNothing() {
        var machine = DelayStateMachine<Int>(dueTime: 0)
        let armed = machine.enqueue(.next(1), now: at(0))
        #expect(armed == 0)
        machine.timerFired()
        let first = machine.takeDue(now: at(0)).event
        #expect(first == .next(1))
        // Delivering 1 makes the source emit 2, which arms a timer: the firing takes 2 as well.
        let armedDuringTheFiring = machine.enqueue(.next(2), now: at(0))
        #expect(armedDuringTheFiring == 0)
        let second = machine.takeDue(now: at(0)).event
        #expect(second == .next(2))
        let drained = machine.takeDue(now: at(0))
        #expect(drained.event == nil && drained.rearmAfter == nil)
        #expect(machine.isTimerArmed)
        machine.timerFired()
        let late = machine.takeDue(now: at(0))
        #expect(late.event == nil && late.rearmAfter == nil)
    }

    @Test func aQueueIndexPastTheQueueTraps() async {
        #if DEBUG
            let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var machine = DelayStateMachine<Int>(dueTime: 20)
                machine.head = 1
                machine.timerFired()
            }
            let message = exit.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            #expect(message.contains("delay's queue starts at 1 of 0"))
        #endif
    }
}
