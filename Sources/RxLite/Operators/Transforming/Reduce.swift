extension ObservableType {
    /// Folds every element into `seed` with `accumulator`; when the source completes, emits
    /// `mapResult(accumulated)` and completes. A source error, or an error thrown by either closure, is emitted
    /// instead.
    ///
    /// An empty source emits `mapResult(seed)`.
    ///
    /// [reduce](https://reactivex.io/documentation/operators/reduce.html)
    public func reduce<Accumulate, Result>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            var accumulated = seed
            // Cleared by a thrown error, so nothing the source sends after it reaches `sink`.
            var isAccumulating = true
            source.runSubscription(
                { event in
                    guard isAccumulating else { return }
                    switch event {
                    case .next(let element):
                        do { accumulated = try accumulator(accumulated, element) } catch {
                            isAccumulating = false
                            sink.on(error: error)
                        }
                    case .error(let error):
                        isAccumulating = false
                        sink.on(error: error)
                    case .completed:
                        isAccumulating = false
                        let result: Result
                        do { result = try mapResult(accumulated) } catch {
                            sink.on(error: error)
                            return
                        }
                        sink.on(next: result)
                        if lifetime.isActive { sink.onCompleted() }
                    }
                }, lifetime)
        }
    }

    /// Folds every element into `seed` with `accumulator`; when the source completes, emits the result and
    /// completes. A source error, or an error thrown by `accumulator`, is emitted instead.
    ///
    /// An empty source emits `seed`.
    ///
    /// [reduce](https://reactivex.io/documentation/operators/reduce.html)
    public func reduce<Accumulate>(
        _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        reduce(seed, accumulator: accumulator, mapResult: { $0 })
    }
}
