import Testing

@testable import RxLite

/// `refCount()`'s logic over a connectable of the program's own, tested as its machine alone.
@Suite(.checksResources) struct RefCountStateMachineTests {
    typealias Machine = RefCountStateMachine<Int>

    @Test func theFirstSubscriberConnectsAndTheLastDisconnects() {
        var machine = Machine()
        let lifetime = Lifetime.make()
        guard case .subscribe(let generation) = machine.subscriberArrived(ClosureSink { _ in }, lifetime) else {
            Issue.record("expected .subscribe")
            return
        }
        _ = machine.subscriberArrived(ClosureSink { _ in }, lifetime)
        guard case .connect(let endedBefore) = machine.connectionNeeded(generation: generation) else {
            Issue.record("expected .connect")
            return
        }
        let connection = ModelDisposable()
        guard case .kept = machine.connected(connection, generation: generation, endedBefore: endedBefore) else {
            Issue.record("expected .kept")
            return
        }
        guard case .none = machine.connectionNeeded(generation: generation) else {
            Issue.record("a connected generation connects again")
            return
        }
        guard case .none = machine.subscriberLeft(generation: generation) else {
            Issue.record("the first of two subscribers disconnected")
            return
        }
        guard case .disconnect(let disconnected) = machine.subscriberLeft(generation: generation) else {
            Issue.record("the last subscriber did not disconnect")
            return
        }
        #expect(disconnected as AnyObject === connection)
        #expect(machine.generation == generation + 1 && machine.disconnecting == 1)
    }

    @Test func aSubscriberArrivingDuringADisconnectionWaitsForItsEnd() {
        var machine = Machine()
        let lifetime = Lifetime.make()
        _ = machine.subscriberArrived(ClosureSink { _ in }, lifetime)
        _ = machine.connected(ModelDisposable(), generation: 0, endedBefore: 0)
        _ = machine.subscriberLeft(generation: 0)
        let waiter = Lifetime.make()
        guard case .wait(generation: 1) = machine.subscriberArrived(ClosureSink { _ in }, waiter) else {
            Issue.record("expected to wait")
            return
        }
        let waiters = machine.disconnected()
        #expect(waiters.count == 1 && waiters.first?.lifetime === waiter && waiters.first?.generation == 1)
        #expect(machine.waiting.isEmpty && machine.disconnecting == 0 && machine.connectionsEnded == 1)
    }

    @Test func aConnectionGotForAnEndedGenerationIsLeftToTheNext() {
        var machine = Machine()
        _ = machine.subscriberArrived(ClosureSink { _ in }, Lifetime.make())
        guard case .connect(let endedBefore) = machine.connectionNeeded(generation: 0) else {
            Issue.record("expected .connect")
            return
        }
        // The source ends while the subscriber connects (one of its subscribers reports it), and a newcomer arrives.
        _ = machine.sourceEnded(generation: 0)
        _ = machine.subscriberArrived(ClosureSink { _ in }, Lifetime.make())
        guard case .connect(let laterEndedBefore) = machine.connectionNeeded(generation: 1) else {
            Issue.record("expected .connect for the next generation")
            return
        }
        guard case .done = machine.connected(ModelDisposable(), generation: 0, endedBefore: endedBefore) else {
            Issue.record("an ended generation's connection was kept")
            return
        }
        #expect(laterEndedBefore == endedBefore + 1 && machine.connection == nil)
    }

    @Test func aConnectionIsKeptOnlyIfNoneEndedWhileItWasMade() {
        var machine = Machine()
        _ = machine.subscriberArrived(ClosureSink { _ in }, Lifetime.make())
        guard case .retry = machine.connected(ModelDisposable(), generation: 0, endedBefore: 1) else {
            Issue.record("a connection got while another ended was kept")
            return
        }
        guard case .kept = machine.connected(ModelDisposable(), generation: 0, endedBefore: 0) else {
            Issue.record("a connection got while none ended was not kept")
            return
        }
    }

    @Test func aDisconnectionNobodyStartedTraps() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                var machine = RefCountStateMachine<Int>()
                _ = machine.disconnected()
            }
        #endif
    }
}

/// A connection, as `refCount()` holds it.
private final class ModelDisposable: Disposable {
    func dispose() {}
}
