import Foundation
import Testing

@testable import RxLite

/// `delay`'s pure state machine, driven directly with dates.
@Suite(.checksResources)
struct DelayStateMachineTests {
    func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    @Test func aBurstArmsOneTimerAndLeavesInArrivalOrder() {
        var machine = DelayStateMachine<Int>(dueTime: 10)
        let armed = machine.enqueue(.next(1), now: at(0))
        #expect(armed == 10)
        // Later arrivals wait behind the armed timer.
        let armed2 = machine.enqueue(.next(2), now: at(1))
        #expect(armed2 == nil)
        let armed3 = machine.enqueue(.completed, now: at(2))
        #expect(armed3 == nil)
        machine.timerFired()
        let first = machine.takeDue(now: at(10))
        #expect(first.event?.element == 1)
        // 2 is due at 11: the timer is armed again for the rest, once.
        let early = machine.takeDue(now: at(10))
        #expect(early.event == nil)
        #expect(early.rearmAfter == 1)
        let step = machine.takeDue(now: at(10))
        #expect(step.rearmAfter == nil)
        machine.timerFired()
        let step2 = machine.takeDue(now: at(11))
        #expect(step2.event?.element == 2)
        let step3 = machine.takeDue(now: at(11))
        #expect(step3.rearmAfter == 1)
        machine.timerFired()
        let end = machine.takeDue(now: at(12))
        #expect(end.event?.isStopEvent == true)
        // Finished: later events are ignored.
        let armed4 = machine.enqueue(.next(3), now: at(13))
        #expect(armed4 == nil)
        let step4 = machine.takeDue(now: at(30))
        #expect(step4.event == nil)
    }

    @Test func anErrorGoesOutAtOnceAndDropsWhatWaits() {
        var machine = DelayStateMachine<Int>(dueTime: 10)
        _ = machine.enqueue(.next(1), now: at(0))
        let failedNow = machine.failed()
        #expect(failedNow)
        let failedNow2 = machine.failed()
        #expect(!failedNow2)
        machine.timerFired()
        let step = machine.takeDue(now: at(10))
        #expect(step.event == nil)
    }

    @Test func deliveringOnePerFiringReArmsForTheNextDueEvent() {
        var machine = DelayStateMachine<Int>(dueTime: 5, deliversOnePerFiring: true)
        _ = machine.enqueue(.next(1), now: at(0))
        _ = machine.enqueue(.next(2), now: at(0))
        machine.timerFired()
        let first = machine.takeDue(now: at(5))
        #expect(first.event?.element == 1)
        // 2 is due now too: the timer is re-armed at once, and 2 waits for that firing.
        #expect(first.rearmAfter == 0)
        machine.timerFired()
        let step = machine.takeDue(now: at(5))
        #expect(step.event?.element == 2)
    }

    /// Random arrivals and firings, run as the storage runs them: every event goes out once, in arrival order, never
    /// before it is due, and a timer is outstanding exactly while events wait.
    @Test(arguments: 0..<20)
    func randomScheduleDeliversEachEventOnceInOrderWhenDue(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var machine = DelayStateMachine<Int>(dueTime: 3)
        var timerDue: Double?
        var arrivals: [Double] = []
        var delivered: [Int] = []
        /// Fires the timer while it is due by `now`, taking what is due at each firing, as the storage does.
        func fireTimer(until now: Double) {
            while let due = timerDue, due <= now {
                timerDue = nil
                machine.timerFired()
                while true {
                    let step = machine.takeDue(now: at(due))
                    if let element = step.event?.element {
                        #expect(arrivals[element] + 3 <= due, "\(element) went out before it was due")
                        delivered.append(element)
                    }
                    if let rest = step.rearmAfter { timerDue = due + rest }
                    if step.event == nil || step.rearmAfter != nil { break }
                }
            }
        }
        var now = 0.0
        for element in 0..<30 {
            now += Double(random.next() % 3)
            fireTimer(until: now)
            arrivals.append(now)
            if let after = machine.enqueue(.next(element), now: at(now)) {
                #expect(timerDue == nil, "a second timer was armed")
                timerDue = now + after
            }
            #expect(machine.isTimerArmed == (timerDue != nil))
        }
        fireTimer(until: .infinity)
        #expect(delivered == Array(0..<30))
        #expect(!machine.isTimerArmed)
    }

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

    @Test func eventsWaitingWithNoTimerArmedTrap() async {
        #if DEBUG
            let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                var machine = DelayStateMachine<Int>(dueTime: 20)
                _ = machine.enqueue(.next(1), now: Date(timeIntervalSinceReferenceDate: 0))
                machine.isTimerArmed = false
                machine._checkInvariants()
            }
            let message = exit.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            #expect(message.contains("delayed events wait with no timer armed"))
        #endif
    }
}
