import Testing

@testable import RxLite

/// `merge`'s and `flatMap`'s machine, and `merge(maxConcurrent:)`'s.
@Suite(.checksResources)
struct MergeStateMachineTests {
    @Test func theLastRunningUpstreamToCompleteCompletesTheMerge() {
        var machine = MergeStateMachine(running: 2)
        let spare = machine.innerStarted()
        #expect(spare == nil, "no spare child yet")
        let afterFirst = machine.upstreamCompleted()
        let afterSecond = machine.upstreamCompleted()
        let afterThird = machine.upstreamCompleted()
        #expect(!afterFirst && !afterSecond && afterThird)
    }

    @Test func aSpareChildIsHandedOutOnceToTheNextInnerSequence() {
        var machine = MergeStateMachine(running: 1)
        let child = Lifetime.make()
        machine.keepSpareChild(child)
        let first = machine.innerStarted()
        let second = machine.innerStarted()
        #expect(first === child)
        #expect(second == nil)
        child.dispose()
    }

    @Test func boundedMergeQueuesBeyondTheLimitAndFinishesWhenAllHave() {
        var machine = BoundedMergeStateMachine<Int>()
        let first = Observable.just(1)
        let second = Observable.just(2)
        let firstStarts = machine.innerArrived(first, maxConcurrent: 1)
        let secondStarts = machine.innerArrived(second, maxConcurrent: 1)
        #expect(firstStarts && !secondStarts)
        machine.outerCompleted()
        #expect(!machine.isFinished)
        #expect(machine.innerCompleted() === second, "the waiting one takes the finished one's place")
        #expect(!machine.isFinished)
        #expect(machine.innerCompleted() == nil)
        #expect(machine.isFinished)
    }
}
