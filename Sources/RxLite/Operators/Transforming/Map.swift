extension ObservableType {
    /// Emits `transform(element)` for every element; a thrown error is emitted and ends the sequence.
    ///
    /// [map](https://reactivex.io/documentation/operators/map.html)
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        mapObservable(asObservable(), transform)
    }
}

/// What `map` builds. A function of its own, generic over the element types themselves: the handler formed in the
/// protocol extension looked up `Self.Element` (and the types built from it) on every subscription.
func mapObservable<Source, Result>(
    _ source: Observable<Source>, _ transform: @escaping (Source) throws -> Result
) -> Observable<Result> {
    UnaryOperatorObservable(source, transform) { sink, lifetime, observable in
        let map = UnaryOperatorObservable<Source, Result, Source, Result>.of(observable)
        map.source.runSubscription(MapSink(map.function, sink), lifetime)
    }
}

/// `map`'s sink: each element transformed, a thrown error sent as the end.
final class MapSink<Source, Result>: ForwardingSink<Source, Result> {
    let transform: (Source) throws -> Result

    init(_ transform: @escaping (Source) throws -> Result, _ downstream: EventSink<Result>) {
        self.transform = transform
        super.init(downstream)
    }

    override func on(next element: Source) {
        let result: Result
        do { result = try transform(element) } catch {
            downstream.on(error: error)
            return
        }
        downstream.on(next: result)
    }
}
