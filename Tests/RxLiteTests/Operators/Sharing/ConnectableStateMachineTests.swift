import Testing

@testable import RxLite

/// A connectable's logic (subject, connection, `refCount()` subscribers), tested as its machine alone, and on every
/// interleaving of a few `refCount()` subscribers, `connect()` callers and a source's end, each step one critical
/// section of ``ConnectableStorage`` or one thing it does outside the lock. The search runs the real machine, depth
/// first, and visits each distinct state of the model once.
@Suite(.checksResources) struct ConnectableStateMachineTests {
    typealias Machine = ConnectableStateMachine<Int>

    private static func subject() -> Machine.SharedSubject {
        Machine.SharedSubject(observable: .never(), feed: { _, _ in })
    }

    @Test func aSubjectIsMadeWhenThereIsNoneAndTheFirstOfferWins() {
        var machine = Machine()
        guard case .make = machine.subjectRequested(joining: true) else {
            Issue.record("expected .make")
            return
        }
        guard case .make = machine.subjectRequested(joining: false) else {
            Issue.record("expected .make")
            return
        }
        let first = Self.subject()
        let second = Self.subject()
        let won = machine.subjectMade(first, joining: true)
        let lost = machine.subjectMade(second, joining: false)
        #expect(won.subject.observable === first.observable && lost.subject.observable === first.observable)
        #expect(won.epoch == 0 && lost.epoch == 0)
        guard case .subject(_, members: 1) = machine.state else {
            Issue.record("expected one member, got \(machine.state)")
            return
        }
    }

    @Test func connectFeedsOnceAndHandsOutTheSameConnection() {
        var machine = Machine()
        let (_, epoch) = machine.subjectMade(Self.subject(), joining: false)
        let first = machine.connectRequested(epoch: epoch)
        let second = machine.connectRequested(epoch: epoch)
        guard case .feed(let made) = first, case .existing(let existing) = second else {
            Issue.record("expected .feed then .existing, got \(first), \(second)")
            return
        }
        #expect(made === existing)
    }

    @Test func aConnectionsEndForgetsItsSubjectAndALateConnectTriesAgain() {
        var machine = Machine()
        let (_, epoch) = machine.subjectMade(Self.subject(), joining: false)
        guard case .feed(let connection) = machine.connectRequested(epoch: epoch)
        else {
            Issue.record("expected .feed")
            return
        }
        #expect(machine.connectionEnded(connection) != nil)
        #expect(machine.epoch == epoch + 1)
        #expect(machine.connectionEnded(connection) == nil)
        guard case .retry = machine.connectRequested(epoch: epoch) else {
            Issue.record("expected .retry for a forgotten subject")
            return
        }
    }

    @Test func theLastMemberOfAFedSubjectDisconnectsAndEarlierEpochsCountNothing() {
        var machine = Machine()
        let (_, epoch) = machine.subjectMade(Self.subject(), joining: true)
        _ = machine.subjectRequested(joining: true)
        guard case .feed(let connection) = machine.memberSubscribed(epoch: epoch)
        else {
            Issue.record("expected .feed")
            return
        }
        guard case .none = machine.memberSubscribed(epoch: epoch) else {
            Issue.record("a fed subject is fed again")
            return
        }
        guard case .none = machine.memberLeft(epoch: epoch) else {
            Issue.record("the first of two members disconnected")
            return
        }
        guard case .disconnect(let ended, _) = machine.memberLeft(epoch: epoch) else {
            Issue.record("the last member did not disconnect")
            return
        }
        #expect(ended === connection)
        guard case .none = machine.memberLeft(epoch: epoch) else {
            Issue.record("a member of a forgotten subject changed something")
            return
        }
        guard case .noSubject = machine.state else {
            Issue.record("expected no subject, got \(machine.state)")
            return
        }
    }

    @Test func aMemberLeavingTwiceTraps() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                var machine = ConnectableStateMachine<Int>()
                let subject = ConnectableStateMachine<Int>.SharedSubject(observable: .never(), feed: { _, _ in })
                let (_, epoch) = machine.subjectMade(subject, joining: true)
                _ = machine.memberLeft(epoch: epoch)
                _ = machine.memberLeft(epoch: epoch)
            }
        #endif
    }

    /// Every interleaving of `members` `refCount()` subscribers (`disposing` of them disposed at some point),
    /// `connectors` `connect()` callers (disposing their connection when `connectorsDispose`), and, with
    /// `sourceEnds`, one end of a running source. No connection is made while another still feeds; with no
    /// connection disposed by hand, every active subscriber ends on the current subject, fed, and counted; with
    /// nobody left, no connection is left running.
    @Test(arguments: [
        (members: 1, disposing: 1, connectors: 0, connectorsDispose: false, sourceEnds: true),
        (members: 2, disposing: 1, connectors: 0, connectorsDispose: false, sourceEnds: true),
        (members: 2, disposing: 2, connectors: 0, connectorsDispose: false, sourceEnds: true),
        (members: 3, disposing: 3, connectors: 0, connectorsDispose: false, sourceEnds: false),
        (members: 3, disposing: 2, connectors: 0, connectorsDispose: false, sourceEnds: true),
        (members: 0, disposing: 0, connectors: 2, connectorsDispose: true, sourceEnds: true),
        (members: 0, disposing: 0, connectors: 3, connectorsDispose: true, sourceEnds: false),
        (members: 1, disposing: 1, connectors: 1, connectorsDispose: false, sourceEnds: true),
        (members: 2, disposing: 2, connectors: 1, connectorsDispose: false, sourceEnds: true),
        (members: 2, disposing: 0, connectors: 1, connectorsDispose: false, sourceEnds: true),
        (members: 3, disposing: 1, connectors: 1, connectorsDispose: false, sourceEnds: true),
        (members: 2, disposing: 1, connectors: 1, connectorsDispose: true, sourceEnds: true),
    ])
    func everyInterleavingFeedsOneConnectionAtATimeAndLeavesNothingBehind(
        members: Int, disposing: Int, connectors: Int, connectorsDispose: Bool, sourceEnds: Bool
    ) {
        var explorer = ConnectableExplorer()
        explorer.explore(
            ConnectableWorld(
                members: members, disposing: disposing, connectors: connectors,
                connectorsDispose: connectorsDispose, sourceEnds: sourceEnds))
        #expect(explorer.visited.count > 1)
        #expect(explorer.failures.isEmpty, "\(explorer.failures.prefix(3))")
    }
}

/// One subject of the model.
private struct ModelSubject {
    let shared: ConnectableStateMachine<Int>.SharedSubject
    /// Whether its source ended (it replays the end to a newcomer).
    var ended = false
}

/// One connection of the model: what the storage and its source did with it.
private struct ModelConnection {
    let lifetime: Lifetime
    /// Index of the subject it feeds.
    let subject: Int
    /// The storage ran the source into the subject (`feed`), and put the forgetting into the connection.
    var fed = false
    /// `beginStop()` succeeded: by the last member's leaving (silenced), or by the source's end.
    var stopped = false
    var ended = false
    var disposed = false

    /// Whether its source may still send: fed, neither stopped nor disposed.
    var isFeeding: Bool { fed && !stopped && !disposed }
}

/// A `refCount()` subscriber of the model: where it is in ``ConnectableStorage/subscribeCounted(_:_:)``.
private struct ModelMember {
    enum Step: Int {
        /// Asks for the current subject, counted for it; makes and offers one when there is none.
        case request
        /// Puts its leaving into its lifetime: at once when it was disposed meanwhile.
        case insert
        /// Subscribes to its subject: one whose source ended hands it the end.
        case subscribe
        /// Checks that it is still active (the subject may have ended it), and returns if not.
        case check
        /// Reports that it subscribed (a critical section).
        case report
        /// Feeds its subject with the connection it made.
        case feed
        case done
    }

    var step = Step.request
    var subject = -1
    var epoch: UInt64 = 0
    /// The connection it made, to feed.
    var connection = -1
    let disposes: Bool
    var disposed = false
    var ended = false

    var isActive: Bool { !disposed && !ended }
}

/// A `connect()` caller of the model: where it is in ``ConnectableStorage/connect()``.
private struct ModelConnector {
    enum Step: Int {
        /// Asks for the current subject; makes and offers one when there is none.
        case request
        /// Asks to connect it (a critical section).
        case connect
        /// Feeds the subject with the connection it made.
        case feed
        /// Holds the connection `connect()` returned; disposes it, if it does.
        case holding
        case done
    }

    var step = Step.request
    var subject = -1
    var epoch: UInt64 = 0
    var connection = -1
}

/// Everything the model's threads share, copied at every branch of the search.
private struct ConnectableWorld {
    var machine = ConnectableStateMachine<Int>()
    var subjects: [ModelSubject] = []
    var connections: [ModelConnection] = []
    var members: [ModelMember]
    var connectors: [ModelConnector]
    let connectorsDispose: Bool
    var sourceMayEnd: Bool
    /// Connections silenced by a member's leaving, which its thread disposes next, outside the lock (each a step).
    var disposals: [Int] = []
    var trace: [String] = []
    var hasFailed = false

    init(members: Int, disposing: Int, connectors: Int, connectorsDispose: Bool, sourceEnds: Bool) {
        self.members = (0..<members).map { ModelMember(disposes: $0 < disposing) }
        self.connectors = Array(repeating: ModelConnector(), count: connectors)
        self.connectorsDispose = connectorsDispose
        sourceMayEnd = sourceEnds
    }

    mutating func fail(_ reason: String) {
        trace.append("FAILED: \(reason)")
        hasFailed = true
    }

    func subjectIndex(_ subject: ConnectableStateMachine<Int>.SharedSubject) -> Int {
        subjects.firstIndex { $0.shared.observable === subject.observable }!
    }

    func connectionIndex(_ lifetime: Lifetime) -> Int { connections.firstIndex { $0.lifetime === lifetime }! }

    /// Everything that decides what can happen next (not the trace).
    var key: [Int] {
        var key: [Int] = [Int(machine.epoch), (sourceMayEnd ? 1 : 0) + (hasFailed ? 2 : 0), -1] + disposals + [-1]
        switch machine.state {
        case .noSubject: key += [0]
        case .subject(let subject, let members): key += [1, subjectIndex(subject), members]
        case .connected(let subject, let members, let connection):
            key += [2, subjectIndex(subject), members, connectionIndex(connection)]
        }
        key += subjects.map { $0.ended ? 1 : 0 }
        for connection in connections {
            let flags =
                (connection.fed ? 1 : 0) + (connection.stopped ? 2 : 0) + (connection.ended ? 4 : 0)
                + (connection.disposed ? 8 : 0)
            key += [connection.subject, flags]
        }
        for member in members {
            let flags = (member.disposed ? 1 : 0) + (member.ended ? 2 : 0)
            key += [member.step.rawValue, member.subject, Int(member.epoch), member.connection, flags]
        }
        for connector in connectors {
            key += [connector.step.rawValue, connector.subject, Int(connector.epoch), connector.connection]
        }
        return key
    }

    /// The storage's `currentSubject(joining:)`: asks, and when there is none makes a subject (a step of its own
    /// thread, so two threads may both make one) and offers it.
    mutating func currentSubject(joining: Bool) -> (subject: Int, epoch: UInt64) {
        switch machine.subjectRequested(joining: joining) {
        case .current(let subject, let epoch):
            return (subjectIndex(subject), epoch)
        case .make:
            let made = ModelSubject(shared: .init(observable: .never(), feed: { _, _ in }))
            subjects.append(made)
            let (subject, epoch) = machine.subjectMade(made.shared, joining: joining)
            return (subjectIndex(subject), epoch)
        }
    }

    /// A connection the machine made for `subject`: no other connection may still feed.
    mutating func made(_ lifetime: Lifetime, for subject: Int) -> Int {
        if connections.contains(where: \.isFeeding) { fail("a connection was made while another feeds") }
        connections.append(ModelConnection(lifetime: lifetime, subject: subject))
        return connections.count - 1
    }

    /// The storage's `feed`: the forgetting goes into the connection (run at once when it is disposed), then the
    /// source runs into the subject (not at all when the connection is disposed).
    mutating func feed(_ connection: Int) {
        trace.append("feed \(connection)")
        if connections[connection].disposed {
            _ = machine.connectionEnded(connections[connection].lifetime)
            return
        }
        connections[connection].fed = true
    }

    /// Disposing a connection: once fed, the forgetting it holds runs.
    mutating func dispose(_ connection: Int) {
        trace.append("dispose \(connection)")
        connections[connection].disposed = true
        if connections[connection].fed { _ = machine.connectionEnded(connections[connection].lifetime) }
    }

    /// A member's leaving: the last one of a fed subject silences its connection under the lock and disposes it
    /// in a step of its own.
    mutating func leave(_ member: Int) {
        trace.append("\(member) leaves")
        if case .disconnect(let lifetime, _) = machine.memberLeft(epoch: members[member].epoch) {
            let connection = connectionIndex(lifetime)
            connections[connection].stopped = true
            disposals.append(connection)
        }
    }
}

private struct ConnectableExplorer {
    var visited: Set<[Int]> = []
    var failures: [String] = []

    mutating func explore(_ world: ConnectableWorld) {
        guard visited.insert(world.key).inserted else { return }
        var progressed = false
        for member in world.members.indices {
            let current = world.members[member]
            if current.step != .done {
                var next = world
                step(member: member, in: &next)
                explore(next)
                progressed = true
            }
            if current.disposes && !current.disposed && !current.ended {
                var next = world
                dispose(member: member, in: &next)
                explore(next)
                progressed = true
            }
        }
        for connector in world.connectors.indices where world.connectors[connector].step != .done {
            var next = world
            step(connector: connector, in: &next)
            explore(next)
            progressed = true
        }
        for disposal in world.disposals.indices {
            var next = world
            let connection = next.disposals.remove(at: disposal)
            next.dispose(connection)
            explore(next)
            progressed = true
        }
        if world.sourceMayEnd, let feeding = world.connections.firstIndex(where: \.isFeeding) {
            var next = world
            endSource(feeding, in: &next)
            explore(next)
            progressed = true
        }
        if !progressed { check(world) }
    }

    func step(member index: Int, in world: inout ConnectableWorld) {
        let member = world.members[index]
        switch member.step {
        case .request:
            world.trace.append("\(index) requests")
            (world.members[index].subject, world.members[index].epoch) = world.currentSubject(joining: true)
            world.members[index].step = .insert
        case .insert:
            world.trace.append("\(index) inserts")
            world.members[index].step = .subscribe
            if member.disposed { world.leave(index) }
        case .subscribe:
            world.trace.append("\(index) subscribes")
            world.members[index].step = .check
            if world.subjects[member.subject].ended && member.isActive {
                world.members[index].ended = true
                world.leave(index)
            }
        case .check:
            world.members[index].step = member.isActive ? .report : .done
        case .report:
            world.trace.append("\(index) reports")
            world.members[index].step = .done
            let action = world.machine.memberSubscribed(epoch: member.epoch)
            if case .feed(let lifetime) = action {
                world.members[index].connection = world.made(lifetime, for: member.subject)
                world.members[index].step = .feed
            }
        case .feed:
            world.members[index].step = .done
            world.feed(member.connection)
        case .done:
            break
        }
    }

    func dispose(member index: Int, in world: inout ConnectableWorld) {
        world.trace.append("\(index) disposed")
        world.members[index].disposed = true
        switch world.members[index].step {
        case .request, .insert: break
        default: world.leave(index)
        }
    }

    func step(connector index: Int, in world: inout ConnectableWorld) {
        let connector = world.connectors[index]
        switch connector.step {
        case .request:
            world.trace.append("c\(index) requests")
            (world.connectors[index].subject, world.connectors[index].epoch) = world.currentSubject(joining: false)
            world.connectors[index].step = .connect
        case .connect:
            world.trace.append("c\(index) connects")
            switch world.machine.connectRequested(epoch: connector.epoch) {
            case .existing(let lifetime):
                world.connectors[index].connection = world.connectionIndex(lifetime)
                world.connectors[index].step = world.connectorsDispose ? .holding : .done
            case .feed(let lifetime):
                world.connectors[index].connection = world.made(lifetime, for: connector.subject)
                world.connectors[index].step = .feed
            case .retry:
                world.connectors[index].step = .request
            }
        case .feed:
            world.connectors[index].step = world.connectorsDispose ? .holding : .done
            world.feed(connector.connection)
        case .holding:
            world.connectors[index].step = .done
            if !world.connections[connector.connection].disposed { world.dispose(connector.connection) }
        case .done:
            break
        }
    }

    /// The source's terminal event: `beginStop()`, the forgetting (before the subject hears), the subject's
    /// subscribers get the end (their lifetimes end: they leave, unheard), then the connection is disposed.
    func endSource(_ connection: Int, in world: inout ConnectableWorld) {
        world.trace.append("source \(connection) ends")
        world.sourceMayEnd = false
        world.connections[connection].stopped = true
        world.connections[connection].ended = true
        _ = world.machine.connectionEnded(world.connections[connection].lifetime)
        let subject = world.connections[connection].subject
        world.subjects[subject].ended = true
        for member in world.members.indices
        where world.members[member].subject == subject && world.members[member].isActive
            && world.members[member].step.rawValue > ModelMember.Step.subscribe.rawValue
        {
            world.members[member].ended = true
            world.leave(member)
        }
        world.dispose(connection)
    }

    mutating func check(_ world: ConnectableWorld) {
        func fail(_ message: String) { failures.append("\(message): \(world.trace)") }
        if world.hasFailed { fail("a step failed") }
        let active = world.members.filter(\.isActive)
        let connectorsHold = !world.connectors.isEmpty && !world.connectorsDispose
        if !world.connectorsDispose {
            // Disposing a connection by hand may leave counted subscribers on a forgotten subject (as in RxSwift);
            // without that, every active subscriber is on the current, fed subject, and counted.
            for member in active where member.epoch != world.machine.epoch {
                fail("an active subscriber is on a forgotten subject")
            }
            if !active.isEmpty {
                guard case .connected(let subject, let count, let lifetime) = world.machine.state else {
                    fail("active subscribers, and no connection")
                    return
                }
                let connection = world.connections[world.connectionIndex(lifetime)]
                if !connection.isFeeding || connection.subject != world.subjectIndex(subject) {
                    fail("the current connection does not feed the current subject")
                }
                if count != active.count { fail("the subject counts \(count) members, \(active.count) are active") }
            }
        }
        if active.isEmpty && !connectorsHold {
            if case .connected = world.machine.state { fail("nobody is left, and a connection is current") }
            if world.connections.contains(where: \.isFeeding) { fail("nobody is left, and a connection feeds") }
        }
    }
}
