extension ObservableType {
    /// Emits `transform(element)` for every element where it is not `nil`; a thrown error is emitted and ends the
    /// sequence. Ends when the source ends.
    ///
    /// [map](https://reactivex.io/documentation/operators/map.html)
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        let upstream = asObservable()
        return FusedStepObservable(
            upstream: upstream, function: FusedCompactMapFunction(upstream.fusedFunction, transform),
            operatorFile: #fileID)
    }
}
