extension ObservableType {
    /// Emits `transform(element)` for every element; a thrown error is emitted and ends the sequence.
    ///
    /// [map](https://reactivex.io/documentation/operators/map.html)
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        UnaryOperatorObservable(asObservable(), transform) { sink, lifetime, observable in
            let map = UnaryOperatorObservable<Element, Result, Element, Result>.of(observable)
            let transform = map.function
            map.source.runSubscription(
                { event in
                    switch event {
                    case .next(let element):
                        let result: Result
                        do { result = try transform(element) } catch {
                            sink(.error(error))
                            return
                        }
                        sink(.next(result))
                    case .error(let error): sink(.error(error))
                    case .completed: sink(.completed)
                    }
                }, lifetime)
        }
    }
}
