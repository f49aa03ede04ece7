/// The state of one subscription to sources taken in turn from an iterator: `concat` moves on when a source
/// completes, `catch(sequence:)` and `retry` when it fails (`retry`'s iterator repeats its one source).
///
/// Each source gets a child lifetime, disposed when that source ends in the way that moves the chain on (rule 4);
/// any other event goes out as it is. When the iterator runs out, the chain completes, or emits the last error when
/// the sources were failing. Subscribing to the next source goes through a ``SubscriptionTrampoline`` (rule 6), so
/// a source that ends during its own subscription moves the loop, not the stack, to the next one. The trampoline's
/// counter also hands `iterator` and `lastError` from thread to thread: only the thread running the loop touches
/// them.
final class SourceChainStorage<Sources: IteratorProtocol>: @unchecked Sendable
where Sources.Element: ObservableConvertibleType {
    /// The terminal event of a source that moves the chain on to the next source.
    enum Advance {
        /// Completion (`concat`); an error ends the chain.
        case onCompletion
        /// An error (`catch(sequence:)`, `retry`); completion ends the chain.
        case onError
    }

    let live = LiveResource()
    typealias Element = Sources.Element.Element

    var iterator: Sources
    let advance: Advance
    var lastError: (any Error)?
    let sink: EventSink<Element>
    let lifetime: Lifetime
    let trampoline = SubscriptionTrampoline()

    init(_ iterator: Sources, advancingOn advance: Advance, sink: @escaping EventSink<Element>, lifetime: Lifetime) {
        self.iterator = iterator
        self.advance = advance
        self.sink = sink
        self.lifetime = lifetime
    }

    /// Subscribes to the next source, or ends the chain when there is none.
    func subscribeNext() {
        trampoline.run {
            // `false` is final: nothing will ask for another source.
            guard lifetime.isActive else { return false }
            guard let next = iterator.next() else {
                sink(lastError.map { .error($0) } ?? .completed)
                return false
            }
            guard let child = lifetime.makeChild() else { return false }
            next.asObservable().subscribeTopLevel(
                { [self] event in
                    switch (event, advance) {
                    case (.completed, .onCompletion):
                        break
                    case (.error(let error), .onError):
                        lastError = error
                    default:
                        sink(event)
                        return
                    }
                    child.finishChild()
                    subscribeNext()
                }, child)
            return true
        }
    }
}
