import Testing

@testable import RxLite

/// `share(scope: .whileConnected)`'s logic, tested as its machine alone, and on every interleaving of a few
/// subscribers' steps (arriving, joining, being disposed) and the source's end, each step one critical section of
/// ``ShareWhileConnectedStorage`` or one thing it does outside the lock. The search runs the real machine, depth first,
/// and visits each distinct state of the model once (schedules that reach the same state share their futures).
@Suite(.checksResources) struct ShareStateMachineTests {
    typealias Machine = ShareStateMachine<PublishMemory<Int>>

    private static func connection() -> Machine.Connection {
        Machine.Connection(hub: SubjectHub.make(memory: PublishMemory<Int>()), lifetime: Lifetime.make())
    }

    @Test func theFirstSubscriberMakesTheConnectionAndTheOthersJoinIt() {
        var machine = Machine()
        var made = 0
        let make = {
            made += 1
            return Self.connection()
        }
        let first = machine.subscriberArrived(makingConnection: make)
        let second = machine.subscriberArrived(makingConnection: make)
        #expect(made == 1)
        #expect(first.lifetime === second.lifetime && first.hub === second.hub)
        guard case .connecting(_, let subscribers) = machine.state else {
            Issue.record("expected connecting, got \(machine.state)")
            return
        }
        #expect(subscribers == 2)
    }

    @Test func onlyTheFirstActiveSubscriberToJoinStartsTheSource() {
        var machine = Machine()
        let connection = machine.subscriberArrived(makingConnection: Self.connection)
        _ = machine.subscriberArrived(makingConnection: Self.connection)
        _ = machine.subscriberArrived(makingConnection: Self.connection)
        let actions = [
            machine.subscriberJoined(connection.lifetime, isActive: false),
            machine.subscriberJoined(connection.lifetime, isActive: true),
            machine.subscriberJoined(connection.lifetime, isActive: true),
        ]
        #expect(actions.map(describe) == ["none", "startSource", "none"])
        guard case .running(_, subscribers: 3) = machine.state else {
            Issue.record("expected running with 3 subscribers, got \(machine.state)")
            return
        }
    }

    @Test func theLastSubscriberToLeaveDisconnects() {
        var machine = Machine()
        let connection = machine.subscriberArrived(makingConnection: Self.connection)
        _ = machine.subscriberArrived(makingConnection: Self.connection)
        _ = machine.subscriberJoined(connection.lifetime, isActive: true)
        let first = machine.subscriberLeft(connection.lifetime)
        let last = machine.subscriberLeft(connection.lifetime)
        #expect(describe(first) == "none")
        guard case .disconnect(let disconnected) = last else {
            Issue.record("expected a disconnect, got \(last)")
            return
        }
        #expect(disconnected.lifetime === connection.lifetime)
        guard case .idle = machine.state else {
            Issue.record("expected idle, got \(machine.state)")
            return
        }
    }

    @Test func theSourcesEndForgetsTheConnectionAndTheNextSubscriberMakesANewOne() {
        var machine = Machine()
        let ended = machine.subscriberArrived(makingConnection: Self.connection)
        _ = machine.subscriberJoined(ended.lifetime, isActive: true)
        let forgotten = machine.sourceEnded(ended.lifetime)
        #expect(forgotten?.lifetime === ended.lifetime)
        let next = machine.subscriberArrived(makingConnection: Self.connection)
        #expect(next.lifetime !== ended.lifetime)
        // The first connection's subscriber leaves late, and its source's end is reported again: the new connection
        // keeps its subscriber and stays unstarted for it.
        #expect(describe(machine.subscriberLeft(ended.lifetime)) == "none")
        #expect(machine.sourceEnded(ended.lifetime) == nil)
        #expect(describe(machine.subscriberJoined(ended.lifetime, isActive: true)) == "none")
        guard case .connecting(let current, subscribers: 1) = machine.state else {
            Issue.record("expected the new connection with its subscriber, got \(machine.state)")
            return
        }
        #expect(current.lifetime === next.lifetime)
        #expect(describe(machine.subscriberJoined(next.lifetime, isActive: true)) == "startSource")
    }

    @Test func aSourceEndingBeforeItStartedTraps() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                var machine = ShareStateMachine<PublishMemory<Int>>()
                let connection = machine.subscriberArrived(makingConnection: {
                    .init(hub: SubjectHub.make(memory: PublishMemory<Int>()), lifetime: Lifetime.make())
                })
                _ = machine.sourceEnded(connection.lifetime)
            }
        #endif
    }

    /// Every interleaving of `subscribers` subscribers, `disposing` of them disposed at some point, and (with
    /// `sourceEnds`) one end of a running source: every connection starts at most once and only while current;
    /// every subscriber still active at the end is served by a running connection; with none active, the machine
    /// is idle and every connection was disposed.
    @Test(arguments: [
        (subscribers: 1, disposing: 1, sourceEnds: true),
        (subscribers: 2, disposing: 0, sourceEnds: true),
        (subscribers: 2, disposing: 1, sourceEnds: true),
        (subscribers: 2, disposing: 2, sourceEnds: false),
        (subscribers: 2, disposing: 2, sourceEnds: true),
        (subscribers: 3, disposing: 3, sourceEnds: false),
        (subscribers: 3, disposing: 2, sourceEnds: true),
        (subscribers: 3, disposing: 3, sourceEnds: true),
    ])
    func everyInterleavingServesTheActiveSubscribersAndLeavesNothingBehind(
        subscribers: Int, disposing: Int, sourceEnds: Bool
    ) {
        var explorer = ShareExplorer()
        explorer.explore(
            ShareWorld(subscribers: subscribers, disposing: disposing, sourceEnds: sourceEnds))
        #expect(explorer.visited.count > 1)
        #expect(explorer.failures.isEmpty, "\(explorer.failures.prefix(3))")
    }
}

private func describe(_ action: ShareStateMachine<PublishMemory<Int>>.JoinedAction) -> String {
    switch action {
    case .startSource: "startSource"
    case .none: "none"
    }
}

private func describe(_ action: ShareStateMachine<PublishMemory<Int>>.LeftAction) -> String {
    switch action {
    case .disconnect: "disconnect"
    case .none: "none"
    }
}

/// One connection as the model sees it: what the storage has done with it.
private struct ModelConnection {
    let lifetime: Lifetime
    var started = false
    var ended = false
    var disposed = false
}

/// One subscriber of the model: where it is in ``ShareWhileConnectedStorage/subscribe(_:_:)``.
private struct ModelSubscriber {
    enum Step {
        /// Arrives (first critical section).
        case arrive
        /// Puts its leaving into its lifetime: at once when it was disposed meanwhile.
        case insert
        /// Subscribes to the hub, then reports that it joined (second critical section).
        case join
        case done
    }

    var step = Step.arrive
    /// Index of its connection in the world's.
    var connection = -1
    /// Whether it will be disposed at some point. A disposal is two steps here: the subscription stops being active
    /// (`deactivated`), then its lifetime's resources are disposed (`disposed`). A `dispose()` does both at once; an
    /// ancestor that ended first (a failing `combineLatest` sibling) leaves a window between them.
    let disposes: Bool
    var deactivated = false
    var disposed = false
    /// Whether it got the source's end from the hub (its lifetime then ended, as a leaf's does).
    var ended = false

    var isActive: Bool { !deactivated && !ended }
}

/// One step of a schedule, as a failure reports it.
private enum TraceStep: CustomStringConvertible {
    case arrives(Int), inserts(Int), joins(Int), deactivated(Int), disposed(Int), sourceEnds(Int), started(Int)
    case disconnected(Int)
    case failed(String)

    var description: String {
        switch self {
        case .arrives(let subscriber): "\(subscriber) arrives"
        case .inserts(let subscriber): "\(subscriber) inserts"
        case .joins(let subscriber): "\(subscriber) joins"
        case .deactivated(let subscriber): "\(subscriber) inactive"
        case .disposed(let subscriber): "\(subscriber) disposed"
        case .sourceEnds(let connection): "source \(connection) ends"
        case .started(let connection): "start \(connection)"
        case .disconnected(let connection): "disconnect \(connection)"
        case .failed(let reason): "FAILED: \(reason)"
        }
    }
}

/// Everything the model's threads share, copied at every branch of the search.
private struct ShareWorld {
    var machine = ShareStateMachine<PublishMemory<Int>>()
    var connections: [ModelConnection] = []
    var subscribers: [ModelSubscriber]
    /// Whether the source may still end (once, for whichever connection runs).
    var sourceMayEnd: Bool
    /// The schedule so far, formatted only when a check fails.
    var trace: [TraceStep] = []
    /// Whether a step failed: part of the key, so a failing world is never taken for a passing one already seen.
    var hasFailed = false

    init(subscribers: Int, disposing: Int, sourceEnds: Bool) {
        self.subscribers = (0..<subscribers).map { ModelSubscriber(disposes: $0 < disposing) }
        sourceMayEnd = sourceEnds
    }

    /// Notes a failed expectation in the trace; the search goes on, and reports it at the end of the schedule.
    mutating func fail(_ reason: String) {
        trace.append(.failed(reason))
        hasFailed = true
    }

    func index(of lifetime: Lifetime) -> Int { connections.firstIndex { $0.lifetime === lifetime }! }

    /// Everything that decides what can happen next (not the trace): two worlds with the same key have the same
    /// futures, so the search visits each once.
    var key: [Int] {
        var key: [Int]
        switch machine.state {
        case .idle: key = [0]
        case .connecting(let connection, let count): key = [1, index(of: connection.lifetime), count]
        case .running(let connection, let count): key = [2, index(of: connection.lifetime), count]
        }
        key.append((sourceMayEnd ? 1 : 0) + (hasFailed ? 2 : 0))
        for connection in connections {
            key.append((connection.started ? 1 : 0) + (connection.ended ? 2 : 0) + (connection.disposed ? 4 : 0))
        }
        for subscriber in subscribers {
            let step: Int
            switch subscriber.step {
            case .arrive: step = 0
            case .insert: step = 1
            case .join: step = 2
            case .done: step = 3
            }
            let flags = (subscriber.deactivated ? 1 : 0) + (subscriber.disposed ? 2 : 0) + (subscriber.ended ? 4 : 0)
            key += [step, subscriber.connection, flags]
        }
        return key
    }
}

private struct ShareExplorer {
    /// Worlds seen, by key; their number is how many states the search visited.
    var visited: Set<[Int]> = []
    var failures: [String] = []

    mutating func explore(_ world: ShareWorld) {
        guard visited.insert(world.key).inserted else { return }
        var progressed = false
        for subscriber in world.subscribers.indices {
            if world.subscribers[subscriber].step != .done {
                var next = world
                step(subscriber, in: &next)
                explore(next)
                progressed = true
            }
            let current = world.subscribers[subscriber]
            if current.disposes && !current.deactivated && !current.ended {
                var next = world
                next.trace.append(.deactivated(subscriber))
                next.subscribers[subscriber].deactivated = true
                explore(next)
                progressed = true
            }
            if current.deactivated && !current.disposed {
                var next = world
                dispose(subscriber, in: &next)
                explore(next)
                progressed = true
            }
        }
        if world.sourceMayEnd, let running = world.connections.firstIndex(where: { $0.started && !$0.disposed }) {
            var next = world
            endSource(running, in: &next)
            explore(next)
            progressed = true
        }
        if !progressed { check(world) }
    }

    func step(_ subscriber: Int, in world: inout ShareWorld) {
        switch world.subscribers[subscriber].step {
        case .arrive:
            world.trace.append(.arrives(subscriber))
            let connection = world.machine.subscriberArrived(makingConnection: {
                .init(hub: SubjectHub.make(memory: PublishMemory<Int>()), lifetime: Lifetime.make())
            })
            if !world.connections.contains(where: { $0.lifetime === connection.lifetime }) {
                world.connections.append(ModelConnection(lifetime: connection.lifetime))
            }
            world.subscribers[subscriber].connection = world.index(of: connection.lifetime)
            if world.connections[world.subscribers[subscriber].connection].ended {
                world.fail("a newcomer joined a connection whose source ended")
            }
            world.subscribers[subscriber].step = .insert
        case .insert:
            world.trace.append(.inserts(subscriber))
            // Inserting into a disposed lifetime disposes at once: the subscriber leaves now.
            if world.subscribers[subscriber].disposed { leave(subscriber, in: &world) }
            world.subscribers[subscriber].step = .join
        case .join:
            world.trace.append(.joins(subscriber))
            let connection = world.subscribers[subscriber].connection
            // A hub whose source ended hands a newcomer the end: its lifetime ends (it left already, at `insert`
            // or `dispose`, or leaves now, unheard: the connection is no longer current).
            if world.connections[connection].ended && world.subscribers[subscriber].isActive {
                world.subscribers[subscriber].ended = true
                leave(subscriber, in: &world)
            }
            let action = world.machine.subscriberJoined(
                world.connections[connection].lifetime, isActive: world.subscribers[subscriber].isActive)
            if case .startSource = action { start(connection, in: &world) }
            world.subscribers[subscriber].step = .done
        case .done:
            break
        }
    }

    /// The subscription's lifetime is disposed: that runs the leaving it inserted (before the insertion, the
    /// insertion runs it).
    func dispose(_ subscriber: Int, in world: inout ShareWorld) {
        world.trace.append(.disposed(subscriber))
        world.subscribers[subscriber].disposed = true
        let step = world.subscribers[subscriber].step
        if step != .arrive && step != .insert { leave(subscriber, in: &world) }
    }

    func leave(_ subscriber: Int, in world: inout ShareWorld) {
        let connection = world.subscribers[subscriber].connection
        if case .disconnect(let ended) = world.machine.subscriberLeft(world.connections[connection].lifetime) {
            world.trace.append(.disconnected(world.index(of: ended.lifetime)))
            world.connections[world.index(of: ended.lifetime)].disposed = true
        }
    }

    func start(_ connection: Int, in world: inout ShareWorld) {
        world.trace.append(.started(connection))
        if world.connections[connection].started || world.connections[connection].disposed {
            world.fail("started twice or after its disposal")
        }
        if !world.subscribers.contains(where: { $0.connection == connection && $0.isActive }) {
            world.fail("started for no active subscriber")
        }
        world.connections[connection].started = true
    }

    /// The source's terminal event: the connection is forgotten, then the hub's subscribers get the end (their
    /// lifetimes end, and they leave, unheard), then the connection's lifetime is disposed.
    func endSource(_ connection: Int, in world: inout ShareWorld) {
        world.trace.append(.sourceEnds(connection))
        world.sourceMayEnd = false
        let forgotten = world.machine.sourceEnded(world.connections[connection].lifetime)
        if forgotten?.lifetime !== world.connections[connection].lifetime {
            world.fail("a running connection's end was not the current one's")
        }
        world.connections[connection].ended = true
        for subscriber in world.subscribers.indices
        where world.subscribers[subscriber].connection == connection && world.subscribers[subscriber].step == .done
            && world.subscribers[subscriber].isActive
        {
            world.subscribers[subscriber].ended = true
            leave(subscriber, in: &world)
        }
        world.connections[connection].disposed = true
    }

    mutating func check(_ world: ShareWorld) {
        func fail(_ message: String) { failures.append("\(message): \(world.trace.map(\.description))") }
        for case .failed(let reason) in world.trace { fail(reason) }
        let active = world.subscribers.filter(\.isActive)
        for subscriber in active {
            let connection = world.connections[subscriber.connection]
            if !connection.started || connection.disposed || connection.ended {
                fail("an active subscriber is not served")
            }
        }
        if active.isEmpty {
            if case .idle = world.machine.state {} else { fail("no subscriber is left, and the machine is not idle") }
            if world.connections.contains(where: { !$0.disposed }) { fail("a connection is left undisposed") }
        } else if let running = active.first.map({ world.connections[$0.connection].lifetime }) {
            guard case .running(let current, let count) = world.machine.state, current.lifetime === running else {
                fail("the active subscribers' connection is not the running one")
                return
            }
            // Those still counted: the active ones, and the disposed ones yet to leave (none, once all steps ran).
            if count != active.count { fail("the machine counts \(count) subscribers, \(active.count) are active") }
        }
    }
}
