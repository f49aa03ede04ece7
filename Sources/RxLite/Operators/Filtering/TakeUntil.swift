extension ObservableType {
    /// Emits the source's elements until `other` emits an element, then completes. An error from `other` is
    /// emitted and ends the sequence; `other` completing without an element changes nothing. Ends earlier when the
    /// source does.
    ///
    /// `other` is subscribed first, so an `other` that emits at once ends the sequence before the source is
    /// subscribed. Events from the two may arrive on different threads; they are delivered one at a time.
    ///
    /// [takeUntil](https://reactivex.io/documentation/operators/takeuntil.html)
    public func take<Other: ObservableType>(until other: Other) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return Observable { sink, lifetime, _ in
            // Only the output queue, which keeps the source's events and the end that `other` triggers one at a time
            // (the rule "Never call `sink` concurrently, never after a terminal event").
            let state = SerializedEmitter<Element, Void>.make(sink: sink, state: ())
            guard let otherLifetime = lifetime.makeChild() else { return }
            other.runSubscription(
                { event in
                    switch event {
                    case .next: state.emit(.completed)
                    case .error(let error): state.emit(.error(error))
                    case .completed:
                        // Swallowed: `other` is done, so release it now (the rule "Consume a terminal, dispose its
                        // upstream").
                        otherLifetime.finishChild()
                    }
                }, otherLifetime)
            guard lifetime.isActive else { return }
            source.runSubscription(state.emit, lifetime)
        }
    }
}
