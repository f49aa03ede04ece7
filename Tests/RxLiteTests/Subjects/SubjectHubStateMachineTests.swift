import CRxAtomics
import Testing

@testable import RxLite

/// The hub's state machine, driven the way ``SubjectHub`` drives it, by threads of a model: each step a thread takes
/// holding the hub's lock (one transition) is one atomic step, and so is each step it takes without the lock (a
/// delivery, a replay batch, the compare-and-swap that stops the emitter). Every schedule of those steps is run, each
/// from the start (the state holds objects, so it cannot be copied at a branch), and checked against what a subject
/// promises: each subscriber gets exactly the events accepted after it subscribed (after its replay), in order, once,
/// and nothing after its subscription ended; at most one thread delivers at a time; the hub ends idle, holding
/// exactly the subscribers still subscribed.
@Suite(.checksResources) struct SubjectHubStateMachineTests {
    @Test func aLoneElementMakesItsThreadTheEmitter() {
        let world = HubWorld(memory: PublishMemory<Int>())
        world.runInOrder([[.subscribe("a"), .send(1)]])
        #expect(world.received["a"] == ["1"])
        #expect(world.emitState == EmitState.idle)
        #expect(world.check() == nil)
    }

    @Test func anElementSentDuringADeliveryIsQueuedAndDeliveredByTheEmitter() {
        var fixture = Fixture(memory: PublishMemory<Int>())
        defer { fixture.observers.releaseAll() }
        let emitState = fixture.cell.view
        let first = fixture.machine.element(next: 1, memory: &fixture.memory, emitState: emitState)
        let second = fixture.machine.element(next: 2, memory: &fixture.memory, emitState: emitState)
        #expect(first == .deliver)
        #expect(second == .none)
        #expect(emitState.load(ordering: .relaxed) == EmitState.queued)
        // The emitter's stop fails, and it finds the queued element.
        #expect(!EmitState.stop(emitState))
        let next = fixture.machine.nextDelivery(observers: &fixture.observers, emitState: emitState)
        guard case .event(.next(2)) = next else {
            Issue.record("expected the queued element, got \(String(describing: next))")
            return
        }
        #expect(EmitState.stop(emitState))
    }

    @Test func aSubscriberOfAnEndedSubjectIsNeverAttached() {
        let world = HubWorld(memory: BehaviorMemory(value: 0))
        world.runInOrder([[.subscribe("a"), .send(1), .end(.completed), .subscribe("late")]])
        #expect(world.received["a"] == ["0", "1", "completed"])
        #expect(world.received["late"] == ["completed"])
        #expect(world.observers.count == 0)
        #expect(world.check() == nil)
    }

    @Test func aSubscriberOfADisposedSubjectGetsTheDisposedError() {
        let world = HubWorld(memory: PublishMemory<Int>())
        world.runInOrder([[.subscribe("a"), .disposeSubject, .send(1), .subscribe("late")]])
        #expect(world.received["a"] == [])
        #expect(world.received["late"] == ["error"])
        #expect(world.hub.isDisposed)
        #expect(world.check() == nil)
    }

    @Test func aSubscriberArrivingDuringADeliveryIsReplayedToByItsOwnThreadThenAttached() {
        var fixture = Fixture(memory: BehaviorMemory(value: 0))
        defer { fixture.observers.releaseAll() }
        let emitState = fixture.cell.view
        // A thread starts delivering 1 ...
        #expect(fixture.machine.element(next: 1, memory: &fixture.memory, emitState: emitState) == .deliver)
        // ... when a subscriber arrives: its own thread replays the current value.
        let registration = SinkRegistration<Int>(
            sink: ClosureSink { _ in }, lifetime: Lifetime.make(), owner: NoOwner())
        let arrival = fixture.machine.subscribe(
            registration, memory: &fixture.memory, observers: &fixture.observers, emitState: emitState)
        guard case .replayDuringDelivery(let replay, let inProgress) = arrival else {
            Issue.record("expected a replay during the delivery, got \(arrival)")
            return
        }
        #expect(replay.map(describe) == ["1"])
        // 2 is accepted during the replay: it goes to the replaying subscriber's buffer, and waits for the emitter.
        #expect(fixture.machine.element(next: 2, memory: &fixture.memory, emitState: emitState) == .none)
        let firstStep = fixture.machine.replayed(inProgress, observers: &fixture.observers, emitState: emitState)
        guard case .more(let buffered) = firstStep else {
            Issue.record("expected the buffered element, got \(firstStep)")
            return
        }
        #expect(buffered.map(describe) == ["2"])
        // With its buffer empty, the subscriber is queued for the emitter to attach.
        let secondStep = fixture.machine.replayed(inProgress, observers: &fixture.observers, emitState: emitState)
        guard case .attached(first: nil) = secondStep else {
            Issue.record("expected the subscriber to be queued for attaching, got \(secondStep)")
            return
        }
        #expect(fixture.observers.count == 0)
        // The emitter finds 2 queued, then attaches the subscriber after it: 2 is not delivered to it twice.
        #expect(!EmitState.stop(emitState))
        let next = fixture.machine.nextDelivery(observers: &fixture.observers, emitState: emitState)
        guard case .event(.next(2)) = next else {
            Issue.record("expected the queued element, got \(String(describing: next))")
            return
        }
        #expect(fixture.observers.count == 0)
        #expect(!EmitState.stop(emitState))
        let last = fixture.machine.nextDelivery(observers: &fixture.observers, emitState: emitState)
        #expect(last == nil)
        #expect(fixture.observers.count == 1)
        #expect(emitState.load(ordering: .relaxed) == EmitState.idle)
    }

    // MARK: Every interleaving

    @Test(arguments: HubScenario.all)
    func everyInterleavingKeepsTheSubjectsPromises(scenario: HubScenario) {
        var explorer = ScheduleExplorer()
        var failures: [String] = []
        var outcomes = Set<String>()
        explorer.exploreAll { choose in
            let world = scenario.makeWorld()
            world.runInOrder([scenario.setup])
            world.run(scenario.threads, choose: choose)
            if let failure = world.check() {
                failures.append("\(failure), with the threads stepping in the order \(world.stepsTaken)")
            }
            outcomes.insert(world.received.sorted { $0.key < $1.key }.description)
        }
        #expect(explorer.schedules > 10)
        // The schedules differ in what they deliver: the threads do race.
        #expect(outcomes.count > 1)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(3))")
    }
}

/// One model run: a setup run alone, then threads, each a list of operations, on every schedule.
struct HubScenario: CustomTestStringConvertible, Sendable {
    let name: String
    let behavior: Bool
    let setup: [HubOperation]
    let threads: [[HubOperation]]

    var testDescription: String { name }

    fileprivate func makeWorld() -> HubWorld {
        behavior ? HubWorld(memory: BehaviorMemory(value: 0)) : HubWorld(memory: PublishMemory<Int>())
    }

    static let all: [HubScenario] = [
        HubScenario(
            name: "publish: two senders and a subscriber", behavior: false, setup: [.subscribe("a")],
            threads: [[.send(1), .send(2)], [.subscribe("b")], [.send(3)]]),
        HubScenario(
            name: "publish: subscriptions ending against a sender", behavior: false, setup: [.subscribe("a")],
            threads: [[.send(1), .send(2)], [.subscribe("b"), .unsubscribe("b")], [.unsubscribe("a")]]),
        HubScenario(
            name: "behavior: replays during deliveries, and the end", behavior: true, setup: [.subscribe("a")],
            threads: [[.send(1), .send(2)], [.subscribe("b")], [.end(.completed)]]),
        HubScenario(
            name: "behavior: disposal against a send and a subscription", behavior: true, setup: [.subscribe("a")],
            threads: [[.send(1)], [.subscribe("b"), .unsubscribe("b")], [.disposeSubject]]),
        HubScenario(
            name: "behavior: an error against late subscribers", behavior: true, setup: [.subscribe("a")],
            threads: [[.send(1), .end(.error(HubModelError()))], [.subscribe("b"), .subscribe("c")]]),
    ]
}

/// What a model thread does, one operation after another.
enum HubOperation: Sendable {
    case send(Int)
    case end(Event<Int>)
    case subscribe(String)
    case unsubscribe(String)
    case disposeSubject
}

struct HubModelError: Error {}

/// A machine with its memory, observers and drain word, for tests of single transitions.
private struct Fixture<Memory: SubjectMemory<Int>> {
    var machine = SubjectHubStateMachine<Int>()
    var memory: Memory
    var observers = RegistrationList()
    let cell = AtomicCell()

    init(memory: Memory) { self.memory = memory }
}

/// The state a model run shares, made fresh for every schedule, with a memory of either kind behind one interface.
private final class HubWorld {
    let cell = AtomicCell()
    var emitState: Int { cell.view.load(ordering: .relaxed) }
    var observers = RegistrationList()
    let hub: AnyHubMachine
    /// What each subscriber received, as short descriptions.
    var received: [String: [String]] = [:]
    /// What the hub accepted, in the order its lock did: the model's view of time.
    var timeline: [Accepted] = []
    /// The subscribers, by name, and how many events each had when its subscription ended.
    var registrations: [String: SinkRegistration<Int>] = [:]
    var receivedAtUnsubscribe: [String: Int] = [:]
    let behavior: Bool
    let owner = NoOwner()

    init(memory: PublishMemory<Int>) {
        hub = AnyHubMachine(memory)
        behavior = false
    }

    init(memory: BehaviorMemory<Int>) {
        hub = AnyHubMachine(memory)
        behavior = true
    }

    deinit { observers.releaseAll() }

    func makeRegistration(_ name: String) -> SinkRegistration<Int> {
        received[name, default: []] = []
        let registration = SinkRegistration<Int>(
            sink: ClosureSink { [unowned self] event in received[name, default: []].append(describe(event)) },
            lifetime: Lifetime.make(), owner: owner)
        registrations[name] = registration
        return registration
    }

    /// The index of the thread that took each step, in order.
    var stepsTaken: [Int] = []

    /// Runs `threads`, choosing which runnable thread steps next with `choose` (given how many are runnable).
    func run(_ threads: [[HubOperation]], choose: (Int) -> Int) {
        var runners = threads.map { ModelThread(operations: $0) }
        while true {
            let runnable = runners.indices.filter { !runners[$0].isDone }
            if runnable.isEmpty { return }
            let index = runnable[choose(runnable.count)]
            stepsTaken.append(index)
            runners[index].step(self)
            let emitters = runners.filter(\.isEmitter).count
            if emitters > 1 { violations.append("two threads deliver at once") }
            if emitters == 1 && emitState == EmitState.idle { violations.append("an emitter while idle") }
        }
    }

    /// Runs `threads` one after the other, each to its end.
    func runInOrder(_ threads: [[HubOperation]]) {
        run(threads) { _ in 0 }
    }

    var violations: [String] = []

    /// What went wrong in this run, if anything.
    func check() -> String? {
        if let violation = violations.first { return violation }
        if emitState != EmitState.idle { return "the drain did not end idle" }
        let expectedObservers =
            hub.isEnded || hub.isDisposed
            ? 0 : registrations.keys.filter { receivedAtUnsubscribe[$0] == nil && subscribedLive($0) }.count
        if observers.count != expectedObservers {
            return "the hub lists \(observers.count) observers, the model \(expectedObservers)"
        }
        for name in registrations.keys.sorted() {
            let expected = expectedEvents(name)
            let got = received[name] ?? []
            if let count = receivedAtUnsubscribe[name] {
                if got.count != count { return "\(name) received \(got) after its subscription ended" }
                if !expected.starts(with: got) { return "\(name) received \(got), not a prefix of \(expected)" }
            } else if got != expected {
                return "\(name) received \(got), expected \(expected)"
            }
        }
        return nil
    }

    /// Whether `name` subscribed while the subject was live (neither ended nor disposed).
    func subscribedLive(_ name: String) -> Bool {
        for entry in timeline {
            switch entry {
            case .subscribe(name): return true
            case .end, .dispose: return false
            default: continue
            }
        }
        return false
    }

    /// What `name` receives by the timeline, if its subscription lasts.
    func expectedEvents(_ name: String) -> [String] {
        var value = 0
        var out: [String] = []
        var subscribed = false
        var ended: String?
        var disposed = false
        for entry in timeline {
            switch entry {
            case .element(let element):
                value = element
                if subscribed { out.append("\(element)") }
            case .end(let end):
                ended = end
                if subscribed { out.append(end) }
            case .dispose:
                disposed = true
                subscribed = false
            case .subscribe(let subscriber) where subscriber == name:
                if disposed { return ["error"] }
                if let ended { return [ended] }
                subscribed = true
                if behavior { out.append("\(value)") }
            case .subscribe:
                continue
            }
        }
        return out
    }

    /// Delivers `delivery` as the emitter, as ``SubjectHub/perform(_:)`` does.
    func perform(_ delivery: SubjectHubStateMachine<Int>.Delivery) {
        switch delivery {
        case .event(let event):
            observers.forEach(as: SinkRegistration<Int>.self) { if $0.lifetime.isActive { $0.sink(event) } }
        case .end(let event, _):
            var targets = observers.take()
            targets.forEach(as: SinkRegistration<Int>.self) { if $0.lifetime.isActive { $0.sink(event) } }
            targets.releaseAll()
        case .replay(let replay, let registration, _):
            for event in replay where registration.lifetime.isActive { registration.sink(event) }
        case .release(let registration):
            Unmanaged.passUnretained(registration).release()
        case .dispose:
            var released = hub.takeObserversForDisposal(&observers)
            released.releaseAll()
        }
    }
}

private enum Accepted: Equatable {
    case element(Int)
    case end(String)
    case dispose
    case subscribe(String)
}

/// Either kind of machine, with its memory, behind the calls the model makes. The deliveries of both kinds have the
/// same cases, so a Behavior machine's are converted to the Publish type the world performs.
private final class AnyHubMachine {
    final class Box<Memory: SubjectMemory<Int>> {
        var machine = SubjectHubStateMachine<Int>()
        var memory: Memory
        init(_ memory: Memory) { self.memory = memory }
    }

    var publish: Box<PublishMemory<Int>>?
    var behaviorBox: Box<BehaviorMemory<Int>>?

    init(_ memory: PublishMemory<Int>) { publish = Box(memory) }
    init(_ memory: BehaviorMemory<Int>) { behaviorBox = Box(memory) }

    typealias Delivery = SubjectHubStateMachine<Int>.Delivery
    typealias Arrival = SubjectHubStateMachine<Int>.Arrival
    typealias ReplayStep = SubjectHubStateMachine<Int>.ReplayStep

    var isEnded: Bool {
        if let publish { return publish.machine.terminal != nil }
        return behaviorBox!.machine.terminal != nil
    }

    var isDisposed: Bool { publish?.machine.isDisposed ?? behaviorBox!.machine.isDisposed }

    func element(_ value: Int, _ emitState: AtomicView<Int>) -> SubjectHubStateMachine<Int>.ElementAction {
        if let publish { return publish.machine.element(next: value, memory: &publish.memory, emitState: emitState) }
        let box = behaviorBox!
        return box.machine.element(next: value, memory: &box.memory, emitState: emitState) == .deliver
            ? .deliver : .none
    }

    func end(_ event: Event<Int>, _ observers: inout RegistrationList, _ emitState: AtomicView<Int>) -> Delivery? {
        if let publish {
            return publish.machine.end(event, memory: &publish.memory, observers: &observers, emitState: emitState)
        }
        let box = behaviorBox!
        return box.machine.end(event, memory: &box.memory, observers: &observers, emitState: emitState).map(convert)
    }

    func dispose(_ observers: inout RegistrationList, _ emitState: AtomicView<Int>) -> Delivery? {
        if let publish { return publish.machine.dispose(observers: &observers, emitState: emitState) }
        return behaviorBox!.machine.dispose(observers: &observers, emitState: emitState).map(convert)
    }

    func subscribe(
        _ registration: SinkRegistration<Int>, _ observers: inout RegistrationList, _ emitState: AtomicView<Int>
    ) -> Arrival {
        if let publish {
            return publish.machine.subscribe(
                registration, memory: &publish.memory, observers: &observers, emitState: emitState)
        }
        let box = behaviorBox!
        switch box.machine.subscribe(registration, memory: &box.memory, observers: &observers, emitState: emitState) {
        case .handled: return .handled
        case .emitting(let first): return .emitting(first: convert(first))
        case .replayUnattached(let replay): return .replayUnattached(replay)
        case .replayDuringDelivery(let replay, let inProgress): return .replayDuringDelivery(replay, inProgress)
        }
    }

    func replayed(
        _ inProgress: ReplayInProgress<Int>, _ observers: inout RegistrationList, _ emitState: AtomicView<Int>
    ) -> ReplayStep {
        if let publish { return publish.machine.replayed(inProgress, observers: &observers, emitState: emitState) }
        switch behaviorBox!.machine.replayed(inProgress, observers: &observers, emitState: emitState) {
        case .more(let events): return .more(events)
        case .attached(let first): return .attached(first: first.map(convert))
        case .leave: return .leave
        }
    }

    func remove(_ registration: HubRegistration, _ observers: inout RegistrationList, _ emitState: AtomicView<Int>)
        -> Bool
    {
        if let publish { return publish.machine.remove(registration, observers: &observers, emitState: emitState) }
        return behaviorBox!.machine.remove(registration, observers: &observers, emitState: emitState)
    }

    func nextDelivery(_ observers: inout RegistrationList, _ emitState: AtomicView<Int>) -> Delivery? {
        if let publish { return publish.machine.nextDelivery(observers: &observers, emitState: emitState) }
        return behaviorBox!.machine.nextDelivery(observers: &observers, emitState: emitState).map(convert)
    }

    func takeObserversForDisposal(_ observers: inout RegistrationList) -> RegistrationList {
        if let publish { return publish.machine.takeObserversForDisposal(&observers) }
        return behaviorBox!.machine.takeObserversForDisposal(&observers)
    }

    private func convert(_ delivery: SubjectHubStateMachine<Int>.Delivery) -> Delivery {
        switch delivery {
        case .event(let event): .event(event)
        case .end(let event, let delivered): .end(event, delivered: delivered)
        case .replay(let replay, let registration, let leavesLifetime):
            .replay(replay, to: registration, leavesLifetime: leavesLifetime)
        case .release(let registration): .release(registration)
        case .dispose: .dispose
        }
    }
}

/// One thread of the model: its operations, and where it is in the current one.
private struct ModelThread {
    enum Phase {
        /// Take the next operation.
        case start
        /// As the emitter, without the lock: perform a delivery.
        case perform(AnyHubMachine.Delivery)
        /// As the emitter, without the lock: try to stop.
        case stop
        /// As the emitter, holding the lock: take the next delivery.
        case next
        /// Without the lock: send an ended subject's replay to a subscriber that is never attached.
        case replayUnattached([Event<Int>], SinkRegistration<Int>)
        /// Without the lock: deliver a replay batch to a subscriber that arrived during a delivery.
        case replay([Event<Int>], ReplayInProgress<Int>)
        /// Holding the lock: report that batch done.
        case replayed(ReplayInProgress<Int>)
        /// Holding the lock: take out a registration whose subscription ended.
        case remove(SinkRegistration<Int>)
    }

    var operations: [HubOperation]
    var phase = Phase.start
    var isEmitter = false
    var isDone = false

    init(operations: [HubOperation]) {
        self.operations = operations
        isDone = operations.isEmpty
    }

    /// Takes one step; the thread is done when it has no step left.
    mutating func step(_ world: HubWorld) {
        takeStep(world)
        if case .start = phase, operations.isEmpty { isDone = true }
    }

    private mutating func takeStep(_ world: HubWorld) {
        let emitState = world.cell.view
        switch phase {
        case .start:
            startOperation(operations.removeFirst(), world)
        case .perform(let delivery):
            world.perform(delivery)
            phase = .stop
        case .stop:
            if EmitState.stop(emitState) {
                isEmitter = false
                phase = .start
            } else {
                phase = .next
            }
        case .next:
            emitFrom(world.hub.nextDelivery(&world.observers, emitState))
        case .replayUnattached(let replay, let registration):
            for event in replay where registration.lifetime.isActive { registration.sink(event) }
            phase = .start
        case .replay(let batch, let inProgress):
            for event in batch where inProgress.registration.lifetime.isActive { inProgress.registration.sink(event) }
            phase = .replayed(inProgress)
        case .replayed(let inProgress):
            switch world.hub.replayed(inProgress, &world.observers, emitState) {
            case .more(let events): phase = .replay(events, inProgress)
            case .attached(let first): emitFrom(first)
            case .leave: phase = .start
            }
        case .remove(let registration):
            if world.hub.remove(registration, &world.observers, emitState) {
                Unmanaged.passUnretained(registration).release()
            }
            phase = .start
        }
    }

    /// Performs `delivery` as the emitter next, or, when there is none, goes on as a thread that is not one.
    mutating func emitFrom(_ delivery: AnyHubMachine.Delivery?) {
        guard let delivery else {
            isEmitter = false
            phase = .start
            return
        }
        isEmitter = true
        phase = .perform(delivery)
    }

    mutating func startOperation(_ operation: HubOperation, _ world: HubWorld) {
        let emitState = world.cell.view
        let isLive = !world.hub.isEnded && !world.hub.isDisposed
        switch operation {
        case .send(let value):
            if isLive { world.timeline.append(.element(value)) }
            if world.hub.element(value, emitState) == .deliver {
                emitFrom(.event(.next(value)))
            }
        case .end(let event):
            if isLive { world.timeline.append(.end(describe(event))) }
            emitFrom(world.hub.end(event, &world.observers, emitState))
        case .disposeSubject:
            world.timeline.append(.dispose)
            emitFrom(world.hub.dispose(&world.observers, emitState))
        case .subscribe(let name):
            let registration = world.makeRegistration(name)
            world.timeline.append(.subscribe(name))
            switch world.hub.subscribe(registration, &world.observers, emitState) {
            case .handled: break
            case .emitting(let first): emitFrom(first)
            case .replayUnattached(let replay): phase = .replayUnattached(replay, registration)
            case .replayDuringDelivery(let replay, let inProgress): phase = .replay(replay, inProgress)
            }
        case .unsubscribe(let name):
            let registration = world.registrations[name]!
            registration.lifetime.dispose()
            world.receivedAtUnsubscribe[name] = world.received[name]?.count ?? 0
            phase = .remove(registration)
        }
    }
}

/// A registration owner that is never asked: the model removes registrations through the machine itself.
private final class NoOwner: RegistrationOwner {
    func remove(_ registration: HubRegistration) {}
}

/// Enumerates every schedule of a model whose threads step one at a time: each run asks `choose` which of the
/// runnable threads steps next; the runs are made over again, depth first, until every choice was taken.
private struct ScheduleExplorer {
    /// The choices of the last run, each with how many there were to choose from.
    private var path: [(choice: Int, options: Int)] = []
    private(set) var schedules = 0

    mutating func exploreAll(_ run: (_ choose: (Int) -> Int) -> Void) {
        repeat {
            var path = self.path
            var depth = 0
            run { options in
                defer { depth += 1 }
                if depth < path.count { return path[depth].choice }
                path.append((0, options))
                return 0
            }
            schedules += 1
            // The next schedule: the deepest choice with an option left takes its next one.
            while let last = path.last, last.choice + 1 == last.options { path.removeLast() }
            if let last = path.popLast() { path.append((last.choice + 1, last.options)) }
            self.path = path
        } while !path.isEmpty
    }
}

/// An atomic word of the test's own, for the drain's state.
private final class AtomicCell {
    let word = UnsafeMutablePointer<rx_atomic_word>.allocate(capacity: 1)

    init() { rx_atomic_word_init(word, 0) }

    deinit { word.deallocate() }

    var view: AtomicView<Int> { AtomicView(word) }
}

private func describe(_ event: Event<Int>) -> String {
    switch event {
    case .next(let element): "\(element)"
    case .error(let error as RxError): if case .disposed = error { "error" } else { "\(error)" }
    case .error: "failed"
    case .completed: "completed"
    }
}
