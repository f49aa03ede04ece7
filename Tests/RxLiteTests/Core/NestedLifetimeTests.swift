import Testing

@testable import RxLite

/// Lifetimes nested deeper than `Lifetime.anchorSpacing`: `isActive` walks only that many levels and relies on the
/// lifetimes above being anchored (attached to their parents). Each test compares against the rule the walk over
/// every ancestor gave: a lifetime is active while it and every ancestor are.
@Suite(.checksResources) struct NestedLifetimeTests {
    /// `depth + 1` lifetimes, each the child of the one before, none attached by an operator.
    func chain(depth: Int) -> [Lifetime] {
        var chain = [Lifetime.make()]
        for _ in 0..<depth { chain.append(Lifetime.make(parent: chain.last!)) }
        return chain
    }

    func activeCount(_ lifetimes: some Sequence<Lifetime>) -> Int { lifetimes.filter { $0.isActive }.count }

    @Test(arguments: 0..<40) func disposingAnyLevelSilencesExactlyTheLevelsBelowIt(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let depth = Int.random(in: 1...(Lifetime.anchorSpacing * 6), using: &random)
        let lifetimes = chain(depth: depth)
        let allActive = lifetimes.allSatisfy { $0.isActive }
        #expect(allActive)
        let ended = Int.random(in: 0...depth, using: &random)
        lifetimes[ended].dispose()
        for (level, lifetime) in lifetimes.enumerated() {
            #expect(lifetime.isActive == (level < ended), "depth \(depth), level \(level), disposed \(ended)")
        }
        lifetimes[0].dispose()
        #expect(activeCount(lifetimes) == 0)
    }

    @Test func aStoppedRootSilencesEveryLevel() {
        let lifetimes = chain(depth: Lifetime.anchorSpacing * 5 + 3)
        #expect(lifetimes[0].beginStop())
        #expect(activeCount(lifetimes) == 0)
        lifetimes[0].dispose()
    }

    /// An operator attaches its inner lifetime once the inner subscribe returns; a descendant may have anchored it
    /// by then. The second attach changes nothing, the lifetime is released once, and it can still detach.
    @Test func anAnchoredLifetimeAttachesOnceAndDetaches() {
        let lifetimes = chain(depth: Lifetime.anchorSpacing + 2)
        let anchored = lifetimes[1]
        var disposals = 0
        anchored.insert { disposals += 1 }
        #expect(lifetimes[0].attach(anchored), "already attached, and still running")
        #expect(lifetimes[0].attachIfRunning(anchored))
        lifetimes[0].dispose()
        #expect(disposals == 1)
        #expect(activeCount(lifetimes) == 0)

        let other = chain(depth: Lifetime.anchorSpacing + 2)
        let finished = other[1]
        finished.finishChild()
        #expect(!other[0].attachIfRunning(finished))
        #expect(other[0].isActive)
        #expect(activeCount(other.dropFirst()) == 0)
        other[0].dispose()
    }

    /// A descendant made after an ancestor above the walk has ended, and before anything attached the levels in
    /// between, is silenced all the same.
    @Test func aNewLevelUnderAnEndedAncestorIsSilenced() {
        for ended in 1..<(Lifetime.anchorSpacing * 2) {
            var lifetimes = chain(depth: Lifetime.anchorSpacing * 2)
            lifetimes[ended].dispose()
            for _ in 0..<(Lifetime.anchorSpacing * 2) {
                lifetimes.append(Lifetime.make(parent: lifetimes.last!))
                #expect(!lifetimes.last!.isActive, "ended at \(ended), level \(lifetimes.count - 1)")
            }
            lifetimes[0].dispose()
        }
    }

    /// One level of a nest: its own subject, and a stopper that ends the level and everything inside it.
    final class Level: @unchecked Sendable {
        let subject = PublishSubject<Int>()
        let stopper = PublishSubject<Void>()
    }

    /// Level `index`: its subject's elements merged with level `index + 1`, which is subscribed from inside
    /// `just(index).flatMap`, all within one subscribe; `take(until:)` the level's stopper.
    func nest(_ index: Int, _ levels: [Level], onSubscribe: @escaping (Int) -> Void) -> Observable<Int> {
        Observable.deferred {
            onSubscribe(index)
            let own = levels[index].subject.asObservable()
            guard index + 1 < levels.count else { return own.take(until: levels[index].stopper) }
            let inner = Observable.just(index).flatMap { _ in self.nest(index + 1, levels, onSubscribe: onSubscribe) }
            return Observable.merge(own, inner).take(until: levels[index].stopper)
        }
    }

    /// Random nests deeper than the walk, with a stopper fired from inside the nested subscribe, or later: each level
    /// delivers, and holds its subject, exactly while no stopper at or above it has fired.
    @Test(arguments: 0..<30) func nestedFlatMapsAgainstAModel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 2...(Lifetime.anchorSpacing * 4), using: &random)
        let levels = (0..<count).map { _ in Level() }
        var ended = count  // The model: levels at or past `ended` are over.
        // A stopper fired during the subscribe of a deeper level (only above it: a level's own stopper is not yet
        // subscribed when its `deferred` runs).
        var stopDuringSubscribe: (at: Int, stopper: Int)?
        if count > 2 && Bool.random(using: &random) {
            let at = Int.random(in: 1..<count, using: &random)
            stopDuringSubscribe = (at, Int.random(in: 0..<at, using: &random))
        }
        let during = stopDuringSubscribe
        var received: [Int] = []
        var subscribed: [Int] = []
        let subscription = nest(0, levels) { index in
            subscribed.append(index)
            if let during, during.at == index { levels[during.stopper].stopper.onNext(()) }
        }.subscribe(onNext: { received.append($0) })
        if let during { ended = during.stopper }
        // A level under an ended one never starts the level inside it: its `just` sees the lifetime silenced.
        let started = Array(0...(during?.at ?? count - 1))
        #expect(subscribed == started, "\(count) levels, stopped \(String(describing: during))")

        func check(_ step: String) {
            received = []
            for (index, level) in levels.enumerated() {
                #expect(level.subject.hasObservers == (index < ended), "\(step): level \(index) of \(count)")
                level.subject.onNext(index)
            }
            #expect(received.sorted() == Array(0..<ended), "\(step), \(count) levels, ended at \(ended)")
        }
        check("after subscribe")
        for round in 0..<3 where ended > 0 {
            let stopper = Int.random(in: 0..<count, using: &random)
            levels[stopper].stopper.onNext(())
            ended = min(ended, stopper)
            check("after stopper \(stopper) in round \(round)")
        }
        subscription.dispose()
        let holding = levels.filter { $0.subject.hasObservers || $0.stopper.hasObservers }.count
        #expect(holding == 0)
    }
}
