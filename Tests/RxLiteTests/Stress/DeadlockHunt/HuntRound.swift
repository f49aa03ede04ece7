import Foundation
import RxLite

/// One subscription of a round and what it saw: the observer the hunt subscribes, which records every event, may take
/// the round's outside lock while it handles one, and may subscribe, dispose or send again from inside its handler.
final class HuntProbe: ObserverType, @unchecked Sendable {
    typealias Element = Int

    let id: Int
    /// Subscribed from inside another probe's handler.
    let isNested: Bool
    private let takesOutsideLock: Bool
    /// 1 in `reentrancyOdds` of the producer's elements makes the handler act on the round; 0: never.
    private let reentrancyOdds: Int
    private unowned let round: HuntRound

    private let lock = NSLock()
    // Guarded by `lock`.
    private var events: [Event<Int>] = []
    private var random: SplitMix64
    private var disposable: (any Disposable)?
    private var isSubscribing = true
    private var eventsDuringSubscribe = 0
    private var subscription = SubscriptionFacts()
    private let inFlight = RxAtomic<Int>(0)
    private let overlaps = RxAtomic<Int>(0)

    /// What the subscribing thread saw around `subscribe`.
    struct SubscriptionFacts {
        /// Elements from this one on were sent after `subscribe` returned.
        var lower = Int.max
        /// No other `subscribe` of the round was under way at any moment of this one's.
        var isQuiet = false
        /// `subscribe` returned before the round started ending the source.
        var returnedBeforeEnd = false
        /// No element was sent while `subscribe` ran.
        var noSendDuring = false
    }

    init(id: Int, round: HuntRound, nested: Bool, random: inout SplitMix64) {
        self.id = id
        self.round = round
        isNested = nested
        takesOutsideLock = random.oneIn(2)
        reentrancyOdds = random.oneIn(2) ? 3 + random.below(6) : 0
        self.random = SplitMix64(seed: random.next())
    }

    func on(_ event: Event<Int>) {
        if inFlight.add(1, ordering: .acquiringAndReleasing).newValue > 1 { overlaps.add(1, ordering: .relaxed) }
        if takesOutsideLock { round.outsideLock.lock() }
        let action = lock.withLock { () -> HandlerAction? in
            events.append(event)
            if isSubscribing { eventsDuringSubscribe += 1 }
            guard case .next(let element) = event, element >= 0, reentrancyOdds > 0,
                random.oneIn(reentrancyOdds)
            else { return nil }
            return HandlerAction.allCases[random.below(HandlerAction.allCases.count)]
        }
        if let action { act(action) }
        if takesOutsideLock { round.outsideLock.unlock() }
        inFlight.subtract(1, ordering: .acquiringAndReleasing)
    }

    /// What a handler does to the round from inside, besides recording.
    enum HandlerAction: CaseIterable {
        case subscribeAnother, disposeItself, disposeAnother, sendSideElement, connect
    }

    private func act(_ action: HandlerAction) {
        var random = lock.withLock { SplitMix64(seed: self.random.next()) }
        switch action {
        case .subscribeAnother: round.subscribeProbe(nested: true, random: &random)
        case .disposeItself:
            if let disposable = lock.withLock({ disposable }) { round.dispose(self, disposable) }
        case .disposeAnother: round.disposeOne(random: &random)
        case .sendSideElement: round.sendSideElement()
        case .connect: round.connectAgain()
        }
    }

    /// Called by the subscribing thread once `subscribe` returned.
    func subscribed(_ disposable: any Disposable, _ facts: SubscriptionFacts) {
        lock.withLock {
            self.disposable = disposable
            isSubscribing = false
            subscription = facts
        }
    }

    /// Everything the checks read, once the round's threads are done.
    var record: (events: [Event<Int>], duringSubscribe: Int, facts: SubscriptionFacts, overlaps: Int) {
        lock.withLock { (events, eventsDuringSubscribe, subscription, overlaps.load(ordering: .relaxed)) }
    }
}

/// One round of the hunt on one target: a producer thread sends the elements `0..<elementCount` (ending the source at
/// `endIndex` if it has one), while actor threads subscribe probes, dispose them, send side elements and connect, at
/// random, sometimes holding the outside lock that the probes' handlers take too. Afterwards `check` reads what every
/// probe saw.
final class HuntRound: @unchecked Sendable {
    let target: HuntTarget
    let seed: UInt64
    let instance: HuntInstance
    /// A lock of the program's own, taken by the producer and actors around RxLite calls and by the probes'
    /// handlers: RxSwift's deadlocks were two locks taken in opposite orders, one of them RxSwift's.
    let outsideLock = NSRecursiveLock()
    let elementCount: Int
    /// The element before which the producer ends the source (`nil`: it never does); it sends the rest anyway.
    let endIndex: Int?
    let endsWithError: Bool
    private let actorScripts: [UInt64]
    private let producerScript: UInt64

    /// Elements whose `send` has begun.
    private let started = RxAtomic<Int>(0)
    /// 0 before the end is sent, 1 while it is, 2 after.
    private let endState = RxAtomic<Int>(0)
    private let subscribesInFlight = RxAtomic<Int>(0)
    private let subscribeStarts = RxAtomic<Int>(0)
    private let sideElements = RxAtomic<Int>(0)
    private let maxProbes = 40
    /// Threads that have started: each waits for all of them, so that they overlap.
    private let arrived = RxAtomic<Int>(0)
    private var threadCount: Int { actorScripts.count + 1 }

    private let registry = NSLock()
    // Guarded by `registry`.
    private var probes: [HuntProbe] = []
    private var live: [(probe: HuntProbe, disposable: any Disposable)] = []
    private var connections: [any Disposable] = []

    init(target: HuntTarget, seed: UInt64) {
        self.target = target
        self.seed = seed
        var random = SplitMix64(seed: seed)
        instance = target.make()
        elementCount = 30 + random.below(50)
        if instance.finish != nil && !random.oneIn(5) {
            endIndex = 1 + random.below(elementCount)
            endsWithError = random.oneIn(3)
        } else {
            endIndex = nil
            endsWithError = false
        }
        actorScripts = (0..<(2 + random.below(2))).map { _ in random.next() }
        producerScript = random.next()
    }

    /// Runs the round's threads under the watchdog; `false` when they did not all finish.
    func run() -> Bool {
        if let connect = instance.connect { registry.withLock { connections.append(connect()) } }
        let crossing = Across(self)
        var bodies: [@Sendable () -> Void] = [{ crossing.value.produce() }]
        for script in actorScripts { bodies.append { crossing.value.act(script: script) } }
        return runThreads(bodies)
    }

    /// Lets the round's threads start together, without sleeping.
    private func startTogether() {
        arrived.add(1, ordering: .sequentiallyConsistent)
        while arrived.load(ordering: .sequentiallyConsistent) < threadCount { sched_yield() }
    }

    private func produce() {
        var random = SplitMix64(seed: producerScript)
        var holding = false
        startTogether()
        for element in 0...elementCount {
            if element == endIndex, let finish = instance.finish {
                endState.store(1, ordering: .sequentiallyConsistent)
                finish(!endsWithError)
                endState.store(2, ordering: .sequentiallyConsistent)
            }
            guard element < elementCount else { break }
            // Send runs of elements while holding the outside lock that handlers take.
            if random.oneIn(6) {
                if holding { outsideLock.unlock() } else { outsideLock.lock() }
                holding.toggle()
            }
            started.store(element + 1, ordering: .sequentiallyConsistent)
            instance.send(element)
            spin(&random, upTo: 4000)
        }
        if holding { outsideLock.unlock() }
    }

    private func act(script: UInt64) {
        var random = SplitMix64(seed: script)
        startTogether()
        for step in 0..<(6 + random.below(10)) {
            let holding = random.oneIn(3)
            if holding { outsideLock.lock() }
            switch step == 0 ? 0 : random.below(10) {
            case 0...3: subscribeProbe(nested: false, random: &random)
            case 4...6: disposeOne(random: &random)
            case 7: sendSideElement()
            case 8: connectAgain()
            default: break
            }
            if holding { outsideLock.unlock() }
            spin(&random, upTo: 8000)
        }
    }

    func subscribeProbe(nested: Bool, random: inout SplitMix64) {
        let probe: HuntProbe? = registry.withLock {
            guard probes.count < maxProbes else { return nil }
            let probe = HuntProbe(id: probes.count, round: self, nested: nested, random: &random)
            probes.append(probe)
            return probe
        }
        guard let probe else { return }
        let startsBefore = subscribeStarts.add(1, ordering: .sequentiallyConsistent).newValue
        let othersInFlight = subscribesInFlight.add(1, ordering: .sequentiallyConsistent).oldValue
        let startedBefore = started.load(ordering: .sequentiallyConsistent)
        let disposable = instance.observable.subscribe(probe)
        let lower = started.load(ordering: .sequentiallyConsistent)
        let returnedBeforeEnd = endState.load(ordering: .sequentiallyConsistent) == 0
        let startsAfter = subscribeStarts.load(ordering: .sequentiallyConsistent)
        subscribesInFlight.subtract(1, ordering: .sequentiallyConsistent)
        probe.subscribed(
            disposable,
            .init(
                lower: lower, isQuiet: othersInFlight == 0 && startsAfter == startsBefore,
                returnedBeforeEnd: returnedBeforeEnd, noSendDuring: startedBefore == lower))
        registry.withLock { live.append((probe, disposable)) }
    }

    /// Disposes `probe`'s subscription if it is still live.
    func dispose(_ probe: HuntProbe, _ disposable: any Disposable) {
        let found = registry.withLock { () -> Bool in
            guard let index = live.firstIndex(where: { $0.probe === probe }) else { return false }
            live.remove(at: index)
            return true
        }
        if found { disposable.dispose() }
    }

    func disposeOne(random: inout SplitMix64) {
        let victim = registry.withLock { () -> (any Disposable)? in
            guard !live.isEmpty else { return nil }
            return live.remove(at: random.below(live.count)).disposable
        }
        victim?.dispose()
    }

    func sendSideElement() {
        guard target.acceptsSideElements else { return }
        instance.send(-2 - sideElements.add(1, ordering: .relaxed).newValue)
    }

    func connectAgain() {
        guard let connect = instance.connect else { return }
        let connection = connect()
        registry.withLock { connections.append(connection) }
    }

    /// Ends every subscription and connection; returns the probes whose subscriptions were live at the end.
    func tearDown() -> Set<Int> {
        let (remaining, connections) = registry.withLock { (live, self.connections) }
        for (_, disposable) in remaining { disposable.dispose() }
        for connection in connections { connection.dispose() }
        registry.withLock {
            live = []
            self.connections = []
        }
        return Set(remaining.map(\.probe.id))
    }

    /// What every probe saw, against what the Rx contract promises; one line per broken promise.
    func check(aliveAtEnd: Set<Int>) -> [String] {
        let probes = registry.withLock { self.probes }
        var problems: [String] = []
        let accepted = endIndex ?? elementCount
        for probe in probes {
            let (events, duringSubscribe, facts, overlaps) = probe.record
            let alive = aliveAtEnd.contains(probe.id)
            func report(_ problem: String) {
                let shown = events.prefix(120).map(\.huntSummary).joined(separator: " ")
                problems.append(
                    "probe \(probe.id)\(probe.isNested ? " (nested)" : "")\(alive ? " (live at the end)" : ""): "
                        + "\(problem); lower \(facts.lower), quiet \(facts.isQuiet); \(events.count) events: \(shown)")
            }
            if overlaps > 0 { report("\(overlaps) overlapping calls") }
            if let end = events.firstIndex(where: \.isStopEvent), end != events.count - 1 {
                report("events after the end")
            }
            var elements = events.compactMap(\.element).filter { $0 >= 0 }
            // A replay kept from an earlier connection may be followed by a gap: check what follows it.
            let replayed = Array(zip(elements, elements.dropFirst()).prefix(target.staleReplay))
            if let gap = replayed.firstIndex(where: { $1 != $0 + 1 }) { elements.removeFirst(gap + 1) }
            if elements.contains(where: { $0 >= accepted }) { report("elements after the end") }
            if target.replaysDuringSubscribe && duringSubscribe == 0 { report("no replay during subscribe") }
            let terminal = events.last.flatMap { $0.isStopEvent ? $0 : nil }
            if let terminal, endIndex == nil || terminal.isCompleted == endsWithError {
                report("an end that was not sent")
            }
            if target.holdsLastUntilEnd {
                let expectedCount = endsWithError ? 1 : 2
                if alive && endIndex != nil && events.count != expectedCount { report("not [last, end]") }
                if endIndex == nil && !events.isEmpty { report("events before the end") }
            }
            let sources = target.interleavedSources
            for source in 0..<sources {
                // Each source's elements: consecutive, and complete from the
                // first element sent after `subscribe` returned (the first of this source from `lower` on).
                let own = elements.filter { $0 % sources == source }
                if zip(own, own.dropFirst()).contains(where: { $1 != $0 + sources }) {
                    report("elements lost, repeated or out of order")
                }
                let lower = facts.lower &+ (source - facts.lower % sources + sources) % sources
                let last = accepted - 1 - (accepted - 1 - source + sources) % sources
                guard !target.holdsLastUntilEnd, !target.connectsThroughSubscribers || facts.isQuiet,
                    !target.subscribesSourcesOneByOne || facts.noSendDuring, sources == 1 || !endsWithError,
                    lower <= last
                else { continue }
                if alive && own.last != last { report("elements \(lower)...\(last) not all received") }
                if let first = own.first, let received = own.last, received >= lower, first > lower {
                    report("elements from \(lower) missing before \(first)")
                }
            }
            if alive, endIndex != nil, terminal == nil {
                switch target.ending {
                case .toEverySubscriber: report("the end was lost")
                case .toEarlierSubscribers where facts.returnedBeforeEnd: report("the end was lost")
                case .toEarlierSubscribers, .never: break
                }
            }
        }
        return problems
    }
}

extension Event<Int> {
    /// `5`, `|`, `X`: one event in a failure message.
    var huntSummary: String {
        switch self {
        case .next(let element): "\(element)"
        case .completed: "|"
        case .error: "X"
        }
    }
}
