/// The state of one subscription to sources taken in turn from an iterator: `concat` moves on when a source
/// completes, `catch(sequence:)` and `retry` when it fails (`retry`'s iterator repeats its one source).
///
/// Each source gets a child lifetime, disposed when that source ends in the way that moves the chain on (the rule
/// "Consume a terminal, dispose its upstream"); any other event goes out as it is. When the iterator runs out, the
/// chain completes, or emits the last error when the sources were failing. Subscribing to the next source goes through
/// a ``ResubscriptionLoop``, so a source that ends during its own subscription moves the loop, not the stack, to the
/// next one.
final class SourceChainStorage<Sources: IteratorProtocol> where Sources.Element: ObservableConvertibleType {
    typealias Element = Sources.Element.Element

    let live = LiveResource()
    let advance: SourceChainAdvance
    let sink: EventSink<Element>
    let lifetime: Lifetime
    #if DEBUG
        /// How deeply this chain is nested in others: 1 when it is a source of none
        /// (`Resources.maxTailRecursiveSinkStackSize`).
        let depth: Int
    #endif
    /// The ``ResubscriptionLoop``'s count of calls not yet served.
    let subscribeRequests = RxAtomic(0)
    /// The iterator and the last error. Not under a lock: the loop's count hands it from thread to thread (its
    /// acquire/release orderings), so only one thread at a time touches it, and a lock would hold the user's
    /// iterator's `next()` under it.
    private var state: SourceChainState<Sources>

    /// The chain of `iterator`'s sources for one subscription, delivering to `sink`.
    static func make(
        _ iterator: Sources, advancingOn advance: SourceChainAdvance, sink: EventSink<Element>, lifetime: Lifetime
    ) -> SourceChainStorage {
        SourceChainStorage(iterator, advancingOn: advance, sink: sink, lifetime: lifetime)
    }

    private init(
        _ iterator: Sources, advancingOn advance: SourceChainAdvance, sink: EventSink<Element>, lifetime: Lifetime
    ) {
        self.advance = advance
        self.sink = sink
        self.lifetime = lifetime
        state = SourceChainState(iterator: iterator)
        #if DEBUG
            depth = SourceChainDepth.enclosing + 1
            Resources.recordSourceChain(depth: depth)
        #endif
    }

    /// Subscribes to the next source, or ends the chain when there is none.
    func subscribeNext() {
        let lifetime = lifetime
        ResubscriptionLoop(requests: subscribeRequests.view).run {
            // `false` is final: nothing will ask for another source.
            guard lifetime.isActive else { return false }
            guard let next = state.iterator.next() else {
                forward(state.lastError.map { .error($0) } ?? .completed)
                return false
            }
            guard let child = lifetime.makeChild() else { return false }
            #if DEBUG
                // A chain made while `next` subscribes is nested in this one.
                let enclosing = SourceChainDepth.enter(depth)
                defer { SourceChainDepth.leave(to: enclosing) }
            #endif
            next.asObservable().subscribeTopLevel(
                { [self] event in
                    switch (event, advance) {
                    case (.completed, .onCompletion):
                        break
                    case (.error(let error), .onError):
                        state.lastError = error
                    default:
                        forward(event)
                        return
                    }
                    child.finishChild()
                    subscribeNext()
                }, child)
            return true
        }
    }
}

extension SourceChainStorage {
    /// Sends `event` on to the subscriber. Whatever the subscriber subscribes to meanwhile is not a source of this
    /// chain: debug builds count it at the level of the chain this one is a source of (``SourceChainDepth``).
    private func forward(_ event: Event<Element>) {
        #if DEBUG
            let enclosing = SourceChainDepth.enter(depth - 1)
            defer { SourceChainDepth.leave(to: enclosing) }
        #endif
        sink(event)
    }
}

/// The terminal event of a source that moves a ``SourceChainStorage`` on to the next source.
enum SourceChainAdvance {
    /// Completion (`concat`); an error ends the chain.
    case onCompletion
    /// An error (`catch(sequence:)`, `retry`); completion ends the chain.
    case onError
}

/// The mutable state of a ``SourceChainStorage``: pure data (the chain's steps are the storage's loop). Touched by one
/// thread at a time: the one running the resubscription loop, or the one delivering the current source's events
/// (which runs the loop when that source ends).
struct SourceChainState<Sources: IteratorProtocol> where Sources.Element: ObservableConvertibleType {
    var lastError: (any Error)?
    /// Last: its layout depends on the iterator's type.
    var iterator: Sources
}
