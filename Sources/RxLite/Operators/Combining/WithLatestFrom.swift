extension ObservableType {
    /// For each element, emits `resultSelector(element, latest)` with the latest element of `second`; elements
    /// that arrive before `second` has emitted are dropped. Completes when this sequence completes; fails when
    /// either fails.
    ///
    /// [withLatestFrom](https://reactivex.io/documentation/operators/combinelatest.html)
    public func withLatestFrom<Second: ObservableConvertibleType, Result>(
        _ second: Second, resultSelector: @escaping (Element, Second.Element) throws -> Result
    ) -> Observable<Result> {
        let first = asObservable()
        let second = second.asObservable()
        return Observable { sink, lifetime, _ in
            let state = WithLatestFromStorage<Second.Element, Result>.make(sink: sink, state: nil)
            // The second source is subscribed first, so a synchronous value is there for the first element.
            second.subscribeChild(of: lifetime) { event in
                state.emit { state in
                    switch event {
                    case .next(let element):
                        state = element
                        return nil
                    case .error(let error):
                        return .error(error)
                    case .completed:
                        return nil
                    }
                }
            }
            guard lifetime.isActive else { return }
            first.runSubscription(
                { event in
                    state.emit { state in
                        switch event {
                        case .next(let element):
                            guard let latest = state else { return nil }
                            do { return .next(try resultSelector(element, latest)) } catch { return .error(error) }
                        case .error(let error):
                            return .error(error)
                        case .completed:
                            return .completed
                        }
                    }
                }, lifetime)
        }
    }

    /// For each element, emits the latest element of `second`.
    public func withLatestFrom<Second: ObservableConvertibleType>(_ second: Second) -> Observable<Second.Element> {
        withLatestFrom(second) { $1 }
    }
}

/// The storage of `withLatestFrom`: the latest element of the second sequence, as the emitter's own state.
typealias WithLatestFromStorage<Latest, Output> = SerializedEmitter<Output, Latest?>
