extension ObservableType {
    /// Emits the elements for which `predicate` is `true`; a thrown error is emitted and ends the sequence.
    ///
    /// [filter](https://reactivex.io/documentation/operators/filter.html)
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        PredicateOperatorObservable(asObservable(), predicate) { sink, lifetime, observable in
            let filter = PredicateOperatorObservable.of(observable)
            let predicate = filter.predicate
            filter.source.runSubscription(
                { event in
                    if case .next(let element) = event {
                        let isIncluded: Bool
                        do { isIncluded = try predicate(element) } catch {
                            sink(.error(error))
                            return
                        }
                        if isIncluded { sink(event) }
                    } else {
                        sink(event)
                    }
                }, lifetime)
        }
    }
}
