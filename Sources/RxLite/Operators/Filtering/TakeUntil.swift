extension ObservableType {
    /// Emits the source's elements until `other` emits an element, then completes. An error from `other` is
    /// emitted and ends the sequence; `other` completing without an element changes nothing. Ends earlier when the
    /// source does.
    ///
    /// `other` is subscribed first, so an `other` that emits at once ends the sequence before the source is
    /// subscribed. Events from the two may arrive on different threads; they are delivered one at a time.
    ///
    /// [takeUntil](https://reactivex.io/documentation/operators/takeuntil.html)
    @inlinable
    public func take<Other: ObservableType>(until other: Other) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return Observable { sink, lifetime in
            let output = SerializedSink(sink)
            let (otherLifetime, otherKey) = lifetime.makeChild()
            guard let otherKey else { return }
            other.subscribeHandler(
                { event in
                    switch event {
                    case .next: output.on(.completed)
                    case .error(let error): output.on(.error(error))
                    case .completed:
                        // Swallowed: `other` is done, so release it now (rule 4).
                        lifetime.remove(otherKey)
                        otherLifetime.dispose()
                    }
                }, otherLifetime)
            guard lifetime.isActive else { return }
            source.subscribeHandler(output.on, lifetime)
        }
    }
}
