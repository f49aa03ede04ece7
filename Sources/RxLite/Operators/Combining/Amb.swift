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
            let state = AmbStorage(sink: sink)
            for (index, source) in sources.enumerated() {
                guard lifetime.isActive, !state.isDecided, let child = lifetime.makeChild() else { return }
                guard state.add(child) else {
                    child.finishChild()
                    return
                }
                source.runSubscription({ state.on($0, from: index) }, child)
            }
        }
    }
}

/// The state of one `amb` subscription: which source won, and the lifetimes of the others, ended when one wins.
///
/// Only the winner's events are forwarded, and a source calls its sink one event at a time, so the output needs no
/// queue. `winner` is set once, by compare-and-swap, so once it is decided an event of the winner costs one atomic
/// load; the lock guards only `lifetimes`.
final class AmbStorage<Element>: @unchecked Sendable {
    /// The words of `lock` and `winner`, in this object's own memory rather than a heap cell of their own (see
    /// ``InlineWord``): one allocation fewer. Must stay the first stored property.
    var words = (InlineWord(), InlineWord())
    let live = LiveResource()
    let sink: EventSink<Element>
    /// The winner's index, `-1` before one.
    var winner: AtomicView<Int> { AtomicView(word: 1, of: self) }
    var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`: every source's lifetime until a winner is known.
    var lifetimes: [Lifetime] = []

    init(sink: @escaping EventSink<Element>) {
        self.sink = sink
        assertFirstStoredProperty(of: self, &words)
        winner.store(-1, ordering: .relaxed)
    }

    var isDecided: Bool { winner.load(ordering: .acquiring) >= 0 }

    /// Keeps `lifetime` to end when another source wins; `false`, keeping nothing, when a source has already won
    /// (`on` sets the winner before it takes the lock to collect the losers, so one of the two sees the other).
    func add(_ lifetime: Lifetime) -> Bool {
        lock.withLock {
            if winner.load(ordering: .acquiring) >= 0 { return false }
            lifetimes.append(lifetime)
            return true
        }
    }

    func on(_ event: Event<Element>, from index: Int) {
        let decided = winner.load(ordering: .acquiring)
        if decided == index {
            sink(event)
            return
        }
        guard decided < 0,
            winner.compareExchange(expected: -1, desired: index, ordering: .acquiringAndReleasing).exchanged
        else { return }
        let losers = lock.withLock {
            let losers = lifetimes.enumerated().filter { $0.offset != index }.map(\.element)
            lifetimes = []
            return losers
        }
        for loser in losers { loser.finishChild() }
        sink(event)
    }
}
