extension ObservableType {
    /// A single of an array of every element, emitted when the source completes; a source error is emitted
    /// instead.
    ///
    /// [to](https://reactivex.io/documentation/operators/to.html)
    public func toArray() -> Single<[Element]> {
        let source = asObservable()
        let array = Observable<[Element]> { sink, lifetime, _ in
            var elements: [Element] = []
            source.runSubscription(
                { event in
                    switch event {
                    case .next(let element): elements.append(element)
                    case .error(let error): sink.on(error: error)
                    case .completed:
                        let result = elements
                        elements = []
                        sink.on(next: result)
                        if lifetime.isActive { sink.onCompleted() }
                    }
                }, lifetime)
        }
        return Single(raw: array)
    }
}
