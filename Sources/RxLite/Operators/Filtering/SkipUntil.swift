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
        return Observable { sink, lifetime, _ in
            let state = SkipUntilState(sink: sink)
            source.subscribeHandler(state.forwardSource, lifetime)
            guard let otherLifetime = lifetime.makeChild() else { return }
            other.subscribeHandler(
                { event in
                    switch event {
                    case .next: state.open()
                    case .error(let error):
                        state.emit(.error(error))
                        return
                    case .completed: break
                    }
                    // `other` has said all it can: its first element opened the gate, or it ended (rule 4).
                    otherLifetime.finishChild()
                }, otherLifetime)
        }
    }
}

/// The state of one `skip(until:)` subscription.
@usableFromInline
final class SkipUntilState<Element>: SerializedEmitter<Element>, @unchecked Sendable {
    /// Guarded by `lock`. Becomes `true` when `other` emits; source elements pass from then on.
    @usableFromInline
    var isOpen = false

    @inlinable
    func open() {
        lock.lock()
        isOpen = true
        lock.unlock()
    }

    @inlinable
    func forwardSource(_ event: Event<Element>) {
        lock.lock()
        if case .next = event, !isOpen {
            lock.unlock()
            return
        }
        emitLocked(event)
    }
}
