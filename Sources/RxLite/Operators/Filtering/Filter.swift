extension ObservableType {
    /// Emits the elements for which `predicate` is `true`; a thrown error is emitted and ends the sequence.
    ///
    /// [filter](https://reactivex.io/documentation/operators/filter.html)
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        filterObservable(asObservable(), predicate)
    }
}

/// What `filter` builds, for the reason ``mapObservable(_:_:)`` gives.
func filterObservable<Element>(
    _ source: Observable<Element>, _ predicate: @escaping (Element) throws -> Bool
) -> Observable<Element> {
    PredicateOperatorObservable(source, predicate) { sink, lifetime, observable in
        let filter = PredicateOperatorObservable.of(observable)
        filter.source.runSubscription(FilterSink(filter.predicate, sink), lifetime)
    }
}

/// `filter`'s sink: the elements `predicate` accepts, a thrown error sent as the end.
final class FilterSink<Element>: ForwardingSink<Element, Element> {
    let predicate: (Element) throws -> Bool

    init(_ predicate: @escaping (Element) throws -> Bool, _ downstream: EventSink<Element>) {
        self.predicate = predicate
        super.init(downstream)
    }

    override func on(next element: Element) {
        let isIncluded: Bool
        do { isIncluded = try predicate(element) } catch {
            downstream.on(error: error)
            return
        }
        if isIncluded { downstream.on(next: element) }
    }
}
