import Testing

@testable import RxLite

/// `create`'s observer logic, tested as its machine alone, and on every interleaving of the three parties that can
/// release the resource: `hold` (three steps), the end's delivery, and the subscription's disposal.
@Suite(.checksResources) struct CreateStateMachineTests {
    @Test func nothingIsAcceptedAfterATerminalEvent() {
        var machine = CreateStateMachine()
        let accepted = [
            machine.accept(isStopEvent: false), machine.accept(isStopEvent: true), machine.accept(isStopEvent: false),
            machine.accept(isStopEvent: true),
        ]
        #expect(accepted == [true, true, false, false])
        #expect(machine.isStopped)
    }

    @Test func theEndTakesTheKeyOfAHeldResourceOnce() {
        var machine = CreateStateMachine()
        let held = machine.held(key: 7)
        let first = machine.ended()
        let second = machine.ended()
        #expect(held == nil && first == 7 && second == nil)
    }

    @Test func aResourceHeldAfterTheEndIsHandedBackAtOnce() {
        var machine = CreateStateMachine()
        let ended = machine.ended()
        #expect(ended == nil && machine.hasEnded)
        let held = machine.held(key: 3)
        #expect(held == 3)
    }

    /// Without `releasesOnEnd` (RxLiteTest's testable observables) the end leaves the resource where it is: held
    /// before the end or after, it stays for the lifetime to dispose.
    @Test func withoutReleasingOnTheEndTheResourceStays() {
        var machine = CreateStateMachine(releasesOnEnd: false)
        let held = machine.held(key: 5)
        let ended = machine.ended()
        #expect(held == nil && ended == nil && !machine.hasEnded)
        var late = CreateStateMachine(releasesOnEnd: false)
        let lateEnded = late.ended()
        let lateHeld = late.held(key: 9)
        #expect(lateEnded == nil && lateHeld == nil, "held after the end, still kept")
    }

    /// Every interleaving, with and without an end, with and without a disposal: the resource is disposed exactly
    /// once when either comes, and otherwise stays in the lifetime, not disposed.
    @Test(arguments: [(ends: true, disposes: false), (ends: false, disposes: true), (ends: true, disposes: true)])
    func theResourceIsDisposedExactlyOnce(ends: Bool, disposes: Bool) {
        var outcomes: [World] = []
        var start = World()
        start.endStep = ends ? 0 : -1
        start.disposeStep = disposes ? 0 : -1
        explore(start, into: &outcomes)
        #expect(outcomes.count > 3)
        for outcome in outcomes {
            #expect(outcome.disposals == 1, "\(outcome.trace)")
            #expect(outcome.lifetime.isEmpty, "\(outcome.trace)")
        }
    }
}

/// The model: the machine (as under its lock), the lifetime's resources, and where each party is.
private struct World {
    var machine = CreateStateMachine()
    var lifetime: [UInt64: Bool] = [:]
    var lifetimeDisposed = false
    var nextKey: UInt64 = 1
    var disposals = 0
    var holdStep = 0
    var heldKey: UInt64?
    /// -1: this party never acts.
    var endStep = 0
    var disposeStep = 0
    var trace: [String] = []

    var isFinished: Bool { holdStep == 3 && endStep != 0 && disposeStep != 0 }

    /// The lifetime's `remove(key:)`, then a dispose of what it returned.
    mutating func removeAndDispose(_ key: UInt64) {
        if lifetime.removeValue(forKey: key) != nil { disposals += 1 }
    }
}

private func explore(_ world: World, into outcomes: inout [World]) {
    if world.isFinished {
        outcomes.append(world)
        return
    }
    if world.holdStep < 3 {
        var next = world
        switch next.holdStep {
        case 0:
            next.trace.append("hold: ended?")
            if next.machine.hasEnded {
                next.disposals += 1
                next.holdStep = 3
            } else {
                next.holdStep = 1
            }
        case 1:
            next.trace.append("hold: insert")
            if next.lifetimeDisposed {
                next.disposals += 1
                next.heldKey = nil
            } else {
                next.heldKey = next.nextKey
                next.lifetime[next.nextKey] = true
                next.nextKey += 1
            }
            next.holdStep = 2
        default:
            next.trace.append("hold: held")
            if let key = next.machine.held(key: next.heldKey) { next.removeAndDispose(key) }
            next.holdStep = 3
        }
        explore(next, into: &outcomes)
    }
    if world.endStep == 0 {
        var next = world
        next.trace.append("end")
        if let key = next.machine.ended() { next.removeAndDispose(key) }
        next.endStep = 1
        explore(next, into: &outcomes)
    }
    if world.disposeStep == 0 {
        var next = world
        next.trace.append("dispose")
        next.lifetimeDisposed = true
        next.disposals += next.lifetime.count
        next.lifetime.removeAll()
        next.disposeStep = 1
        explore(next, into: &outcomes)
    }
}
