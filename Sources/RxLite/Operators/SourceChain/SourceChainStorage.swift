/// The state of one subscription to sources taken in turn from an iterator: `concat` moves on when a source
/// completes, `catch(sequence:)` and `retry` when it fails (`retry`'s iterator repeats its one source).
///
/// Each source gets a child lifetime, disposed when that source ends in the way that moves the chain on (the rule
/// "Consume a terminal, dispose its upstream"); any other event goes out as it is. When the iterator runs out, the
/// chain completes, or emits the last error when the sources were failing. Subscribing to the next source goes through
/// a ``ResubscriptionLoop``, so a source that ends during its own subscription moves the loop, not the stack, to the
/// next one. The loop's counter (the storage's one atomic) also hands `iterator` and `lastError` from thread to thread:
/// only the thread running the loop touches them.
final class SourceChainStorage<Sources: IteratorProtocol>: LockedBuffer<SourceChainState<Sources>>
where Sources.Element: ObservableConvertibleType {
    typealias Element = Sources.Element.Element

    /// The chain of `iterator`'s sources for one subscription, delivering to `sink`.
    static func make(
        _ iterator: Sources, advancingOn advance: SourceChainAdvance, sink: EventSink<Element>,
        lifetime: Lifetime
    ) -> SourceChainStorage {
        make(words: 2, state: SourceChainState(iterator: iterator, advance: advance, sink: sink, lifetime: lifetime))
    }

    /// Subscribes to the next source, or ends the chain when there is none.
    func subscribeNext() {
        let state = state
        ResubscriptionLoop(requests: atomic(1)).run {
            // `false` is final: nothing will ask for another source.
            guard state.pointee.lifetime.isActive else { return false }
            guard let next = state.pointee.iterator.next() else {
                forward(state.pointee.lastError.map { .error($0) } ?? .completed)
                return false
            }
            guard let child = state.pointee.lifetime.makeChild() else { return false }
            #if DEBUG
                // A chain made while `next` subscribes is nested in this one.
                let enclosing = SourceChainDepth.enter(state.pointee.depth)
                defer { SourceChainDepth.leave(to: enclosing) }
            #endif
            next.asObservable().subscribeTopLevel(
                { [self] event in
                    switch (event, state.pointee.advance) {
                    case (.completed, .onCompletion):
                        break
                    case (.error(let error), .onError):
                        state.pointee.lastError = error
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
        let state = state
        #if DEBUG
            let enclosing = SourceChainDepth.enter(state.pointee.depth - 1)
            defer { SourceChainDepth.leave(to: enclosing) }
        #endif
        state.pointee.sink(event)
    }
}

/// The terminal event of a source that moves a ``SourceChainStorage`` on to the next source.
enum SourceChainAdvance {
    /// Completion (`concat`); an error ends the chain.
    case onCompletion
    /// An error (`catch(sequence:)`, `retry`); completion ends the chain.
    case onError
}

/// The state of a ``SourceChainStorage``. Touched by one thread at a time: the one running the resubscription
/// loop, or the one delivering the current source's events (which runs the loop when that source ends).
struct SourceChainState<Sources: IteratorProtocol> where Sources.Element: ObservableConvertibleType {
    let live = LiveResource()
    let advance: SourceChainAdvance
    var lastError: (any Error)?
    let sink: EventSink<Sources.Element.Element>
    let lifetime: Lifetime
    #if DEBUG
        /// How deeply this chain is nested in others: 1 when it is a source of none
        /// (`Resources.maxTailRecursiveSinkStackSize`).
        let depth: Int
    #endif
    /// Last: its layout depends on the iterator's type, and every field after it would sit at an offset only this
    /// type's metadata knows (see ``LockedBuffer``).
    var iterator: Sources

    init(
        iterator: Sources, advance: SourceChainAdvance, sink: EventSink<Sources.Element.Element>,
        lifetime: Lifetime
    ) {
        self.advance = advance
        self.sink = sink
        self.lifetime = lifetime
        self.iterator = iterator
        #if DEBUG
            depth = SourceChainDepth.enclosing + 1
            Resources.recordSourceChain(depth: depth)
        #endif
    }
}
