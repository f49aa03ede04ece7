extension ObservableType {
    /// Emits every element of this sequence, then, once it completes, every element of `second`; completes when
    /// `second` does. An error from either is emitted and ends the sequence.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    @inlinable
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }
}

extension Observable {
    /// Emits every element of each source in turn, subscribing to the next one when the one before completes;
    /// completes after the last. An error from any source is emitted and ends the sequence.
    ///
    /// `sources` is iterated lazily, once per subscription, so it may be endless; it must allow more than one
    /// pass if the result is subscribed more than once. Sources that complete synchronously are chained in a loop,
    /// not by recursion, so any number of them can follow each other.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    @inlinable
    public static func concat<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Observable { sink, lifetime, _ in
            ConcatStorage(sources.makeIterator(), sink: sink, lifetime: lifetime).subscribeNext()
        }
    }

    /// Emits every element of each source in turn; like the overload that takes a sequence of sources.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    @inlinable
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }
}

/// The state of one `concat` subscription.
///
/// Each source gets a child lifetime, disposed when that source completes (rule 4). Subscribing to the next
/// source goes through a ``SubscriptionTrampoline`` (rule 6), so a source that completes during its own
/// subscription moves the loop, not the stack, to the next one. The trampoline's counter also hands `iterator` from
/// thread to thread: only the thread running the loop touches it.
@usableFromInline
final class ConcatStorage<Sources: IteratorProtocol>: @unchecked Sendable
where Sources.Element: ObservableConvertibleType {
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    typealias Element = Sources.Element.Element

    @usableFromInline
    var iterator: Sources
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

    /// Subscribes to the next source, or completes when there is none.
    @inlinable
    func subscribeNext() {
        trampoline.run {
            // `false` is final: nothing will ask for another source.
            guard lifetime.isActive else { return false }
            guard let next = iterator.next() else {
                sink(.completed)
                return false
            }
            guard let child = lifetime.makeChild() else { return false }
            next.asObservable().runSubscription(
                { [self] event in
                    if case .completed = event {
                        child.finishChild()
                        subscribeNext()
                    } else {
                        sink(event)
                    }
                }, child)
            return true
        }
    }
}
