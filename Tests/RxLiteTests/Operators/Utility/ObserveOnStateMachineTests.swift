import Testing

@testable import RxLite

/// `observe(on:)`'s machine: what an arriving event does, and the drain's end.
@Suite(.checksResources)
struct ObserveOnStateMachineTests {
    @Test func anEventOnTheDeliveringThreadGoesOutAtOnceOnlyWhileNothingWaits() {
        var machine = ObserveOnStateMachine<Int>()
        let arrival1 = machine.arrives(next: 1, mayDeliverHere: true)
        #expect(arrival1 == .deliverHere)
        let arrival2 = machine.arrives(next: 2, mayDeliverHere: true)
        #expect(arrival2 == .queued, "the first one's delivery is the drain")
        let finishes3 = machine.finishesDrain(discarding: false)
        #expect(!finishes3, "the drain goes on for what came meanwhile")
        let batch4 = machine.takeBatch(discarding: false)
        #expect(batch4?.count == 1)
        let finishes5 = machine.finishesDrain(discarding: false)
        #expect(finishes5)
        let arrival6 = machine.arrives(next: 3, mayDeliverHere: false)
        #expect(arrival6 == .scheduleDrain)
        let arrival7 = machine.arrives(next: 4, mayDeliverHere: false)
        #expect(arrival7 == .queued, "one drain for a burst")
    }

    @Test func nothingArrivesAfterATerminalEvent() {
        var machine = ObserveOnStateMachine<Int>()
        let arrival8 = machine.arrives(.completed, mayDeliverHere: false)
        #expect(arrival8 == .scheduleDrain)
        let arrival9 = machine.arrives(next: 1, mayDeliverHere: false)
        #expect(arrival9 == .dropped)
        let arrival10 = machine.arrives(.error(TestError.boom), mayDeliverHere: false)
        #expect(arrival10 == .dropped)
    }

    @Test func disposingDropsWhatWaitsAndHandsBackTheScheduledDrain() {
        var machine = ObserveOnStateMachine<Int>()
        _ = machine.arrives(next: 1, mayDeliverHere: false)
        let handle = BooleanDisposable()
        machine.scheduled(handle)
        machine.disposed()?.dispose()
        #expect(handle.isDisposed)
        let batch11 = machine.takeBatch(discarding: false)
        #expect(batch11 == nil, "nothing waits after the dispose")
    }

    private enum TestError: Error { case boom }
}
