import Testing

@testable import RxLite

/// `concatMap`'s pure state machine: inner sequences run one at a time, in arrival order.
@Suite(.checksResources)
struct ConcatMapStateMachineTests {
    @Test func innerSequencesRunOneAtATimeInOrder() {
        var machine = ConcatMapStateMachine<Int>()
        let first = Observable.just(1)
        let second = Observable.just(2)
        let third = Observable.just(3)
        let firstStarts = machine.innerArrived(first)
        #expect(firstStarts)
        #expect(machine.takeNextToSubscribe() === first)
        #expect(machine.takeNextToSubscribe() == nil, "a picked sequence is handed to the loop once")
        let secondStarts = machine.innerArrived(second)
        let thirdStarts = machine.innerArrived(third)
        #expect(!secondStarts && !thirdStarts, "later ones wait while one runs")
        var subscribesNext = false
        let completes = machine.innerCompleted(subscribesNext: &subscribesNext)
        #expect(subscribesNext && !completes)
        #expect(machine.takeNextToSubscribe() === second, "the oldest waiting one is next")
    }

    @Test func theOutputCompletesOnceTheSourceAndTheRunningInnerHave() {
        var machine = ConcatMapStateMachine<Int>()
        _ = machine.innerArrived(.just(1))
        _ = machine.takeNextToSubscribe()
        let completesAtSourceEnd = machine.sourceCompleted()
        #expect(!completesAtSourceEnd, "an inner sequence still runs")
        var subscribesNext = false
        let completes = machine.innerCompleted(subscribesNext: &subscribesNext)
        #expect(completes && !subscribesNext)
    }

    @Test func aSourceThatEndsWithNothingRunningCompletesAtOnce() {
        var machine = ConcatMapStateMachine<Int>()
        let completes = machine.sourceCompleted()
        #expect(completes)
    }
}
