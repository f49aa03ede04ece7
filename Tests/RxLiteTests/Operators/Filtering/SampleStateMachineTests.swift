import Testing

@testable import RxLite

/// `sample`'s pure state machine.
@Suite(.checksResources)
struct SampleStateMachineTests {
    @Test func aTickSendsTheLatestElementOnce() {
        var machine = SampleStateMachine<Int?>(defaultValue: nil)
        guard case .none = machine.tick() else { return fail("nothing arrived yet") }
        machine.sourceNext(1)
        machine.sourceNext(2)
        guard case .emit(2) = machine.tick() else { return fail("the latest element goes out") }
        guard case .none = machine.tick() else { return fail("an element is sampled once") }
    }

    @Test func theDefaultValueGoesOutWhenNothingNewArrived() {
        var machine = SampleStateMachine<Int?>(defaultValue: 0)
        guard case .emit(0) = machine.tick() else { return fail("the default stands in") }
        machine.sourceNext(5)
        guard case .emit(5) = machine.tick() else { return fail("a new element wins over the default") }
    }

    @Test func theSourcesCompletionWaitsForTheNextTick() {
        var machine = SampleStateMachine<Int?>(defaultValue: nil)
        machine.sourceNext(1)
        machine.sourceCompleted()
        // Elements after the completion are not taken.
        machine.sourceNext(2)
        guard case .emitAndComplete(1) = machine.tick() else { return fail("the last element, then completion") }
        guard case .none = machine.tick() else { return fail("nothing after the end") }
        let failedNow = machine.failed()
        #expect(!failedNow)
    }

    @Test func anErrorEndsItOnce() {
        var machine = SampleStateMachine<Int?>(defaultValue: nil)
        machine.sourceNext(1)
        let failedNow = machine.failed()
        #expect(failedNow)
        let failedNow2 = machine.failed()
        #expect(!failedNow2)
        guard case .none = machine.tick() else { return fail("nothing after the error") }
    }

    private func fail(_ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        Issue.record(comment, sourceLocation: sourceLocation)
    }
}
