extension ObservableType {
    /// Emits each intermediate result of folding the elements into `seed` with `accumulator`, which mutates the
    /// accumulated value in place. A thrown error is emitted and ends the sequence; otherwise ends with the source.
    ///
    /// `seed` itself is not emitted. Each subscription starts again from `seed`.
    ///
    /// [scan](https://reactivex.io/documentation/operators/scan.html)
    public func scan<Accumulate>(
        into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void
    ) -> Observable<Accumulate> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            var accumulated = seed
            source.runSubscription(
                { event in
                    switch event {
                    case .next(let element):
                        do { try accumulator(&accumulated, element) } catch {
                            sink.on(error: error)
                            return
                        }
                        sink.on(next: accumulated)
                    case .error(let error): sink.on(error: error)
                    case .completed: sink.onCompleted()
                    }
                }, lifetime)
        }
    }

    /// Emits each intermediate result of folding the elements into `seed` with `accumulator`. A thrown error is
    /// emitted and ends the sequence; otherwise ends with the source.
    ///
    /// `seed` itself is not emitted. Each subscription starts again from `seed`.
    ///
    /// [scan](https://reactivex.io/documentation/operators/scan.html)
    public func scan<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        scan(into: seed) { accumulated, element in accumulated = try accumulator(accumulated, element) }
    }
}
