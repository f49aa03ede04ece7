extension ObservableType {
    /// Emits the last `count` elements of the source when it completes, then completes. An error is emitted at
    /// once, without the held elements.
    ///
    /// [takeLast](https://reactivex.io/documentation/operators/takelast.html)
    public func takeLast(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "takeLast needs a count of zero or more")
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            // The last `count` elements, kept as a ReplaySubject keeps its buffer.
            var memory = ReplayMemory<Element>(capacity: count)
            source.runSubscription(
                { event in
                    switch event {
                    case .next:
                        _ = memory.record(event)
                    case .error:
                        sink(event)
                    case .completed:
                        let held = memory.replay()
                        memory = ReplayMemory(capacity: 0)
                        for element in held {
                            guard lifetime.isActive else { return }
                            sink(element)
                        }
                        if lifetime.isActive { sink.onCompleted() }
                    }
                }, lifetime)
        }
    }
}
