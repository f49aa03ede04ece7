extension ObservableType {
    /// Emits `transform(element)` for every element; a thrown error is emitted and ends the sequence.
    ///
    /// [map](https://reactivex.io/documentation/operators/map.html)
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        FusedMap(asObservable(), transform)
    }
}
