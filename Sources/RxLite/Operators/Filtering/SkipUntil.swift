import Synchronization

extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then emits the rest. An error from `other` is
    /// emitted and ends the sequence; if `other` completes without an element, no source element is ever emitted.
    /// Ends when the source ends.
    ///
    /// The source is subscribed first, as in RxSwift, so a source that emits everything at once emits nothing.
    /// Events from the two may arrive on different threads; they are delivered one at a time.
    ///
    /// [skipUntil](https://reactivex.io/documentation/operators/skipuntil.html)
    @inlinable
    public func skip<Other: ObservableType>(until other: Other) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return Observable { sink, lifetime in
            let state = SkipUntilState(sink)
            source.subscribeHandler(
                { event in
                    if case .next = event, !state.isOpen.load(ordering: .acquiring) { return }
                    state.output.on(event)
                }, lifetime)
            let (otherLifetime, otherKey) = lifetime.makeChild()
            guard let otherKey else { return }
            other.subscribeHandler(
                { event in
                    switch event {
                    case .next: state.isOpen.store(true, ordering: .releasing)
                    case .error(let error):
                        state.output.on(.error(error))
                        return
                    case .completed: break
                    }
                    // `other` has said all it can: its first element opened the gate, or it ended (rule 4).
                    lifetime.remove(otherKey)
                    otherLifetime.dispose()
                }, otherLifetime)
        }
    }
}

/// The state of one `skip(until:)` subscription.
@usableFromInline
final class SkipUntilState<Element>: @unchecked Sendable {
    /// Becomes `true` when `other` emits; source elements pass from then on.
    @usableFromInline
    let isOpen = Atomic<Bool>(false)
    /// Serializes the source's events with an error from `other`.
    @usableFromInline
    let output: SerializedSink<Element>

    @inlinable
    init(_ sink: @escaping EventSink<Element>) {
        output = SerializedSink(sink)
        #if DEBUG
            Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
            Resources.decrement()
        #endif
    }
}
