extension ObservableType {
    /// Emits `transform(element)` for every element; a thrown error is emitted and ends the sequence.
    ///
    /// [map](https://reactivex.io/documentation/operators/map.html)
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        let upstream = asObservable()
        return FusedStepObservable(
            upstream: upstream, function: FusedMapFunction(upstream.fusedFunction, transform), operatorFile: #fileID)
    }
}
