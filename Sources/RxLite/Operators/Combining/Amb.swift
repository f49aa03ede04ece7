extension ObservableType {
    /// Mirrors whichever of this sequence and `right` sends an event (element, error or completion) first; the
    /// other is disposed.
    ///
    /// [amb](https://reactivex.io/documentation/operators/amb.html)
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }

    /// Mirrors whichever source in `sequence` sends an event first; the others are disposed. The sources are
    /// subscribed in order; once one has sent an event, the rest are not subscribed. An empty sequence never emits.
    ///
    /// [amb](https://reactivex.io/documentation/operators/amb.html)
    public static func amb<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        let sources = Array(sequence)
        return Observable { sink, lifetime, _ in
            let state = AmbStorage()
            for (index, source) in sources.enumerated() {
                guard lifetime.isActive, !state.isDecided, let child = lifetime.makeChild() else { return }
                guard state.add(child) else {
                    child.finishChild()
                    return
                }
                source.runSubscription(
                    { event in
                        if state.admitsEvent(from: index) { sink(event) }
                    }, child)
            }
        }
    }
}

/// The state of one `amb` subscription: which source won, and the lifetimes of the others, ended when one wins.
///
/// Only the winner's events are forwarded, and a source calls its sink one event at a time, so the output needs no
/// queue. `winner` is set once, by compare-and-swap, so once it is decided an event of the winner costs one atomic
/// load; the lock guards only the lifetimes. The sink is not kept here: each source's closure calls it when
/// ``admitsEvent(from:)`` says so (a sink read from the storage would be retained and released around every event).
final class AmbStorage {
    let live = LiveResource()
    /// The winner's index, `-1` before one.
    let winner = RxAtomic(-1)
    /// Every source's lifetime, until a winner is known: pure data, appended to and then taken whole.
    private let lifetimes = Locked<[Lifetime]>([])

    /// The storage of a subscription no source has won yet.
    init() {}

    var isDecided: Bool { winner.load(ordering: .acquiring) >= 0 }

    /// Keeps `lifetime` to end when another source wins; `false`, keeping nothing, when a source has already won
    /// (`admitsEvent` sets the winner before it takes the lock to collect the losers, so one of the two sees the
    /// other).
    func add(_ lifetime: Lifetime) -> Bool {
        lifetimes.withLock { lifetimes in
            if isDecided { return false }
            lifetimes.append(lifetime)
            return true
        }
    }

    /// Whether an event of source `index` goes out: it does when that source has won, or wins with this event (the
    /// other sources' lifetimes are ended first); it does not when another source won.
    func admitsEvent(from index: Int) -> Bool {
        let decided = winner.load(ordering: .acquiring)
        if decided == index { return true }
        guard decided < 0,
            winner.compareExchange(expected: -1, desired: index, ordering: .acquiringAndReleasing).exchanged
        else { return false }
        // Taken out whole and let go after the lock.
        let lifetimes = lifetimes.withLock { lifetimes in
            defer { lifetimes = [] }
            return lifetimes
        }
        for (offset, loser) in lifetimes.enumerated() where offset != index { loser.finishChild() }
        return true
    }
}
