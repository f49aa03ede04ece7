extension ObservableType {
    /// Mirrors whichever of this sequence and `right` sends an event (element, error or completion) first; the
    /// other is disposed.
    ///
    /// [amb](https://reactivex.io/documentation/operators/amb.html)
    @inlinable
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Observable.amb([asObservable(), right.asObservable()])
    }

    /// Mirrors whichever source in `sequence` sends an event first; the others are disposed. The sources are
    /// subscribed in order; once one has sent an event, the rest are not subscribed. An empty sequence never emits.
    ///
    /// [amb](https://reactivex.io/documentation/operators/amb.html)
    @inlinable
    public static func amb<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        let sources = Array(sequence)
        return Observable { sink, lifetime, _ in
            let state = AmbStorage(sink: sink)
            for (index, source) in sources.enumerated() {
                guard lifetime.isActive, !state.isDecided, let child = lifetime.makeChild() else { return }
                state.add(child)
                source.runSubscription({ state.on($0, from: index) }, child)
            }
        }
    }
}

/// The state of one `amb` subscription: which source won, and the lifetimes of the others, ended when one wins.
///
/// Only the winner's events are forwarded, and a source calls its sink one event at a time, so the output needs no
/// queue: the lock only decides the winner.
@usableFromInline
final class AmbStorage<Element>: @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    let sink: EventSink<Element>
    @usableFromInline
    let lock = SpinLock()
    // Guarded by `lock`: the winner's index (`-1` before one), and every source's lifetime until a winner is known.
    @usableFromInline
    @exclusivity(unchecked) var winner = -1
    @usableFromInline
    @exclusivity(unchecked) var lifetimes: [Lifetime] = []

    @inlinable
    init(sink: @escaping EventSink<Element>) {
        self.sink = sink
    }

    @inlinable
    var isDecided: Bool { lock.withLock { winner >= 0 } }

    @inlinable
    func add(_ lifetime: Lifetime) {
        lock.withLock { lifetimes.append(lifetime) }
    }

    @inlinable
    func on(_ event: Event<Element>, from index: Int) {
        lock.lock()
        if winner == index {
            lock.unlock()
            sink(event)
            return
        }
        guard winner < 0 else {
            lock.unlock()
            return
        }
        winner = index
        let losers = lifetimes.enumerated().filter { $0.offset != index }.map(\.element)
        lifetimes = []
        lock.unlock()
        for loser in losers { loser.finishChild() }
        sink(event)
    }
}
