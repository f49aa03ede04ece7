extension ObservableType {
    /// Emits `elements` first, then everything the source emits; ends when the source ends.
    ///
    /// [startWith](https://reactivex.io/documentation/operators/startwith.html)
    public func startWith(_ elements: Element...) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            for element in elements {
                guard lifetime.isActive else { return }
                sink.on(next: element)
            }
            guard lifetime.isActive else { return }
            source.runSubscription(sink, lifetime)
        }
    }
}
