extension ObservableType {
    /// Emits the elements of the first source in `sequence`; when a source fails, continues with the next one.
    /// Completes when a source completes; when every source failed, emits the last error. An empty sequence
    /// completes at once.
    ///
    /// Each failed source is released before the next is subscribed; a source that fails during its own
    /// subscription moves a loop, not the stack, to the next one.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    @inlinable
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Observable { sink, lifetime, _ in
            CatchSequenceStorage(sequence.makeIterator(), sink: sink, lifetime: lifetime).subscribeNext(after: nil)
        }
    }
}

/// The state of one `catch(sequence:)` subscription. As ``ConcatStorage``, with failure moving to the next source:
/// each source gets a child lifetime, ended when it fails (rule 4), and the trampoline (rule 6) hands `iterator` and
/// `lastError` from thread to thread.
@usableFromInline
final class CatchSequenceStorage<Sources: IteratorProtocol>: @unchecked Sendable
where Sources.Element: ObservableConvertibleType {
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    typealias Element = Sources.Element.Element

    @usableFromInline
    var iterator: Sources
    @usableFromInline
    var lastError: (any Error)?
    @usableFromInline
    let sink: EventSink<Element>
    @usableFromInline
    let lifetime: Lifetime
    @usableFromInline
    let trampoline = SubscriptionTrampoline()

    @inlinable
    init(_ iterator: Sources, sink: @escaping EventSink<Element>, lifetime: Lifetime) {
        self.iterator = iterator
        self.sink = sink
        self.lifetime = lifetime
    }

    /// Subscribes to the next source after `error`, or ends when there is none.
    @inlinable
    func subscribeNext(after error: (any Error)?) {
        if let error { lastError = error }
        trampoline.run {
            guard lifetime.isActive else { return false }
            guard let next = iterator.next() else {
                sink(lastError.map { .error($0) } ?? .completed)
                return false
            }
            guard let child = lifetime.makeChild() else { return false }
            next.asObservable().runSubscription(
                { [self] event in
                    if case .error(let error) = event {
                        child.finishChild()
                        subscribeNext(after: error)
                    } else {
                        sink(event)
                    }
                }, child)
            return true
        }
    }
}
