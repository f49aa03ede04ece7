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
            let state = SampleStorage(machine: SampleStateMachine(defaultValue: defaultValue), sink: sink)
            guard let sourceLifetime = lifetime.makeChild() else { return }
            source.runSubscription(
                { event in
                    state.emit {
                        switch event {
                        case .next(let element):
                            state.machine.sourceNext(element)
                        case .error(let error):
                            if state.machine.failed() { return .error(error) }
                        case .completed:
                            state.machine.sourceCompleted()
                        }
                        return nil
                    }
                    // A completion is swallowed until the next sample: release the source now (rule 4).
                    if case .completed = event { sourceLifetime.finishChild() }
                }, sourceLifetime)
            guard lifetime.isActive else { return }
            sampler.subscribeChild(of: lifetime) { event in
                state.emitEvents {
                    if case .error(let error) = event {
                        return (state.machine.failed() ? .error(error) : nil, nil)
                    }
                    switch state.machine.tick() {
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

/// The state of `sample`: ``SampleStateMachine`` under the emitter's lock.
final class SampleStorage<Element>: SerializedEmitter<Element>, @unchecked Sendable {
    // Guarded by `lock`.
    @exclusivity(unchecked) var machine: SampleStateMachine<Element>

    init(machine: SampleStateMachine<Element>, sink: @escaping EventSink<Element>) {
        self.machine = machine
        super.init(sink: sink)
    }
}
