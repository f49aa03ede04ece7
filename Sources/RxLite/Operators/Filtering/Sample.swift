extension ObservableType {
    /// Each time `sampler` emits (or completes), emits the source's latest element if a new one arrived since the
    /// last sample (`defaultValue`, when given, stands in for "none new").
    ///
    /// ```
    /// source:    -a-b---c----d-|
    /// sampler:   ---x---x--x---x
    /// sample:    ---b---c------(d|)
    /// ```
    /// When the source completes, completion waits for the next sample, as in RxSwift. An error from either goes
    /// out at once.
    ///
    /// [sample](https://reactivex.io/documentation/operators/sample.html)
    public func sample<Sampler: ObservableConvertibleType>(_ sampler: Sampler, defaultValue: Element? = nil)
        -> Observable<Element>
    {
        let source = asObservable()
        let sampler = sampler.asObservable()
        return Observable { sink, lifetime, _ in
            let state = SampleStorage.make(sink: sink, state: SampleStateMachine(defaultValue: defaultValue))
            guard let sourceLifetime = lifetime.makeChild() else { return }
            source.runSubscription(
                { event in
                    state.emit { state in
                        switch event {
                        case .next(let element):
                            state.sourceNext(element)
                        case .error(let error):
                            if state.failed() { return .error(error) }
                        case .completed:
                            state.sourceCompleted()
                        }
                        return nil
                    }
                    // A completion is swallowed until the next sample: release the source now (the rule "Consume a
                    // terminal, dispose its upstream").
                    if case .completed = event { sourceLifetime.finishChild() }
                }, sourceLifetime)
            guard lifetime.isActive else { return }
            sampler.subscribeChild(of: lifetime) { event in
                state.emitEvents { state in
                    if case .error(let error) = event {
                        return (state.failed() ? .error(error) : nil, nil)
                    }
                    switch state.tick() {
                    case .none:
                        return (nil, nil)
                    case .emit(let element):
                        return (.next(element), nil)
                    case .emitAndComplete(let element):
                        return (element.map { .next($0) }, .completed)
                    }
                }
            }
        }
    }
}

/// The storage of `sample`: ``SampleStateMachine`` under the emitter's lock.
final class SampleStorage<Element>: SerializedEmitter<Element, SampleStateMachine<Element>> {}
