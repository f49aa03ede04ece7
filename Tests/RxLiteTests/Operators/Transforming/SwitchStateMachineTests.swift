import Testing

@testable import RxLite

/// The switch of `flatMapLatest` and `flatMapFirst`, transition by transition, and on every order of a few starts,
/// inner events and the outer completion, against a model that follows the inners by name rather than by id.
@Suite(.checksResources) struct SwitchStateMachineTests {
    @Test func aNewInnerReplacesTheCurrentOneWhenTheLatestWins() throws {
        var machine = SwitchStateMachine()
        let first = Lifetime.make()
        let second = Lifetime.make()
        let firstStart = machine.start(first, whileOneRuns: .replaceIt)
        let (firstID, noneReplaced) = try #require(firstStart)
        #expect(noneReplaced == nil)
        let secondStart = machine.start(second, whileOneRuns: .replaceIt)
        let (secondID, replaced) = try #require(secondStart)
        #expect(replaced === first)
        #expect(!machine.admits(firstID))
        #expect(machine.admits(secondID))
    }

    @Test func aNewInnerIsDroppedWhileOneRunsWhenTheFirstWins() throws {
        var machine = SwitchStateMachine()
        let firstStart = machine.start(Lifetime.make(), whileOneRuns: .ignoreTheNew)
        let (firstID, _) = try #require(firstStart)
        let second = machine.start(Lifetime.make(), whileOneRuns: .ignoreTheNew)
        #expect(second == nil)
        guard case .dropped = machine.startJust(whileOneRuns: .ignoreTheNew) else {
            Issue.record("a just must be dropped while an inner runs")
            return
        }
        #expect(machine.admits(firstID))
    }

    @Test func aJustEndsTheCurrentInnerAndLeavesNoneRunning() throws {
        var machine = SwitchStateMachine()
        let first = Lifetime.make()
        let firstStart = machine.start(first, whileOneRuns: .replaceIt)
        let (firstID, _) = try #require(firstStart)
        guard case .emitAfterEnding(let ended) = machine.startJust(whileOneRuns: .replaceIt) else {
            Issue.record("the running inner must end before the just's element")
            return
        }
        #expect(ended === first)
        #expect(!machine.hasCurrent)
        #expect(!machine.admits(firstID))
        guard case .emit = machine.startJust(whileOneRuns: .replaceIt) else {
            Issue.record("with no inner running, the just's element goes out at once")
            return
        }
    }

    @Test func theOutputCompletesWhenTheOuterAndTheLatestInnerHave() throws {
        var machine = SwitchStateMachine()
        let start = machine.start(Lifetime.make(), whileOneRuns: .replaceIt)
        let (id, _) = try #require(start)
        let completesAtOnce = machine.outerCompleted()
        #expect(!completesAtOnce)
        guard case .ended(_, completesOutput: true) = machine.innerCompleted(id) else {
            Issue.record("the latest inner's completion after the outer's must complete the output")
            return
        }
        var idle = SwitchStateMachine()
        let idleCompletes = idle.outerCompleted()
        #expect(idleCompletes)
    }

    @Test func theCompletionOfAReplacedInnerIsStale() throws {
        var machine = SwitchStateMachine()
        let firstStart = machine.start(Lifetime.make(), whileOneRuns: .replaceIt)
        let (firstID, _) = try #require(firstStart)
        _ = machine.start(Lifetime.make(), whileOneRuns: .replaceIt)
        guard case .stale = machine.innerCompleted(firstID) else {
            Issue.record("a replaced inner's completion must change nothing")
            return
        }
        #expect(machine.hasCurrent)
    }

    /// Every order of: two inners starting, each sending an element and completing (after its start), a `just`, and
    /// the outer completion; for both policies. The machine must agree with the model step by step, up to the
    /// output's completion (after which the storage's emitter is stopped and asks the machine nothing), and end each
    /// replaced or completed inner exactly once.
    @Test(arguments: [SwitchPolicy.replaceIt, .ignoreTheNew])
    func everyOrderAgreesWithTheModel(policy: SwitchPolicy) {
        let steps: [SwitchStep] = [
            .start(0), .start(1), .element(0), .element(1), .complete(0), .complete(1), .just, .outerCompleted,
        ]
        var orders = 0
        var failures: [String] = []
        forEachOrder(of: steps) { order in
            // An inner's events come after its start.
            for inner in 0..<2 {
                let start = order.firstIndex(of: .start(inner))!
                if order.firstIndex(of: .element(inner))! < start || order.firstIndex(of: .complete(inner))! < start {
                    return
                }
            }
            orders += 1
            if let failure = run(order, policy: policy) { failures.append("\(failure) in \(order)") }
        }
        #expect(orders > 1000)
        #expect(failures.isEmpty, "\(failures.count) failures: \(failures.prefix(3))")
    }

    /// Runs `order` on the machine and on the model; returns the first disagreement.
    private func run(_ order: [SwitchStep], policy: SwitchPolicy) -> String? {
        var machine = SwitchStateMachine()
        var model = SwitchModel(policy: policy)
        let lifetimes = [Lifetime.make(), Lifetime.make()]
        var ids: [Int: UInt64] = [:]
        var endedCounts = [0, 0]
        var completed = false
        func ended(_ lifetime: Lifetime?) {
            guard let lifetime else { return }
            if let inner = lifetimes.firstIndex(where: { $0 === lifetime }) { endedCounts[inner] += 1 }
        }
        for step in order where !completed {
            switch step {
            case .start(let inner):
                let started = machine.start(lifetimes[inner], whileOneRuns: policy)
                let expected = model.start(inner)
                if (started != nil) != expected { return "start of \(inner): started \(started != nil)" }
                ended(started?.replaced)
                if let started { ids[inner] = started.id }
            case .just:
                switch machine.startJust(whileOneRuns: policy) {
                case .dropped: if model.just() != .dropped { return "a just was dropped" }
                case .emit: if model.just() != .emit { return "a just emitted at once" }
                case .emitAfterEnding(let lifetime):
                    if model.just() != .emitAfterEnding { return "a just ended an inner" }
                    ended(lifetime)
                }
            case .element(let inner):
                // An inner that was dropped never runs, so never sends.
                guard let id = ids[inner] else { continue }
                let admitted = machine.admits(id)
                if admitted != model.admits(inner) { return "element of \(inner): admitted \(admitted)" }
            case .complete(let inner):
                guard let id = ids[inner] else { continue }
                let expected = model.complete(inner)
                switch machine.innerCompleted(id) {
                case .stale:
                    if expected != nil { return "completion of \(inner) was stale" }
                case .ended(let lifetime, let completesOutput):
                    guard let expected else { return "completion of \(inner) ended an inner" }
                    ended(lifetime)
                    if completesOutput != expected { return "completion of \(inner): completes \(completesOutput)" }
                    completed = completesOutput
                }
            case .outerCompleted:
                let completes = machine.outerCompleted()
                if completes != model.outerCompleted() { return "outer completion: completes \(completes)" }
                completed = completes
            }
        }
        for inner in 0..<2 where endedCounts[inner] != model.endedCounts[inner] {
            return "inner \(inner) ended \(endedCounts[inner]) times, the model \(model.endedCounts[inner])"
        }
        return nil
    }
}

/// One step of a switch model run.
enum SwitchStep: Equatable, CustomStringConvertible, Sendable {
    case start(Int)
    case element(Int)
    case complete(Int)
    case just
    case outerCompleted

    var description: String {
        switch self {
        case .start(let inner): "start\(inner)"
        case .element(let inner): "element\(inner)"
        case .complete(let inner): "complete\(inner)"
        case .just: "just"
        case .outerCompleted: "outerCompleted"
        }
    }
}

/// The switch as RxSwift documents it, following inners by name: the latest (or, ignoring the new, the first) runs.
private struct SwitchModel {
    enum Just { case dropped, emit, emitAfterEnding }

    let policy: SwitchPolicy
    var running: Int?
    var outerDone = false
    var endedCounts = [0, 0]

    init(policy: SwitchPolicy) { self.policy = policy }

    /// Whether `inner` starts.
    mutating func start(_ inner: Int) -> Bool {
        if let running {
            if case .ignoreTheNew = policy { return false }
            endedCounts[running] += 1
        }
        running = inner
        return true
    }

    mutating func just() -> Just {
        guard let running else { return .emit }
        if case .ignoreTheNew = policy { return .dropped }
        endedCounts[running] += 1
        self.running = nil
        return .emitAfterEnding
    }

    func admits(_ inner: Int) -> Bool { running == inner }

    /// `nil` when the completion changes nothing; else whether the output completes.
    mutating func complete(_ inner: Int) -> Bool? {
        guard running == inner else { return nil }
        endedCounts[inner] += 1
        running = nil
        return outerDone
    }

    mutating func outerCompleted() -> Bool {
        outerDone = true
        return running == nil
    }
}

/// Calls `body` with every order of `elements` (all distinct).
private func forEachOrder<Element>(of elements: [Element], _ body: ([Element]) -> Void) {
    var items = elements
    func permute(_ count: Int) {
        if count <= 1 {
            body(items)
            return
        }
        for index in 0..<count {
            permute(count - 1)
            items.swapAt(count % 2 == 0 ? index : 0, count - 1)
        }
    }
    permute(items.count)
}
