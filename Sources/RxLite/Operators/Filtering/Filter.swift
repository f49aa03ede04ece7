extension ObservableType {
    /// Emits the elements for which `predicate` is `true`; a thrown error is emitted and ends the sequence.
    ///
    /// [filter](https://reactivex.io/documentation/operators/filter.html)
    @inlinable
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let upstream = asObservable()
        return FusedStepObservable(
            upstream: upstream, function: FusedFilterFunction(upstream.fusedFunction, predicate),
            operatorFile: #fileID)
    }
}
