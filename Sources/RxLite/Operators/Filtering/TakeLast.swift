extension ObservableType {
    /// Emits the last `count` elements of the source when it completes, then completes. An error is emitted at
    /// once, without the held elements.
    ///
    /// [takeLast](https://reactivex.io/documentation/operators/takelast.html)
    @inlinable
    public func takeLast(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "takeLast needs a count of zero or more")
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            // A ring of the last `count` elements: `next` is where the oldest one sits once the ring is full.
            var ring: [Element] = []
            var next = 0
            source.runSubscription(
                { event in
                    switch event {
                    case .next(let element):
                        guard count > 0 else { return }
                        if ring.count < count {
                            ring.append(element)
                        } else {
                            ring[next] = element
                            next = (next + 1) % count
                        }
                    case .error:
                        sink(event)
                    case .completed:
                        for offset in 0..<ring.count {
                            guard lifetime.isActive else { return }
                            sink(.next(ring[(next + offset) % ring.count]))
                        }
                        ring = []
                        if lifetime.isActive { sink(.completed) }
                    }
                }, lifetime)
        }
    }
}
