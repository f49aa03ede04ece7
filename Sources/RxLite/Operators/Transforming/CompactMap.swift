extension ObservableType {
    /// Emits `transform(element)` for every element where it is not `nil`; a thrown error is emitted and ends the
    /// sequence. Ends when the source ends.
    ///
    /// [map](https://reactivex.io/documentation/operators/map.html)
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            source.runSubscription(
                { event in
                    switch event {
                    case .next(let element):
                        let result: Result?
                        do { result = try transform(element) } catch {
                            sink.on(error: error)
                            return
                        }
                        if let result { sink.on(next: result) }
                    case .error(let error): sink.on(error: error)
                    case .completed: sink.onCompleted()
                    }
                }, lifetime)
        }
    }
}
