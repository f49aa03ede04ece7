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
            let state = SampleStorage<Element, SampleStateMachine<Element?>>.make(
                sink: sink, state: SampleStateMachine(defaultValue: defaultValue))
            guard let sourceLifetime = lifetime.makeChild() else { return }
            source.runSubscription(SampleSourceSink(storage: state, sourceLifetime: sourceLifetime), sourceLifetime)
            guard lifetime.isActive else { return }
            sampler.subscribeChild(of: lifetime) { event in
                if case .error(let error) = event {
                    state.sourceFailed(error)
                    return
                }
                state.emit(step: { state in
                    switch state.tick() {
                    case .none: .none
                    case .emit(let element): .next(element)
                    case .emitAndComplete(let element?): .nextThenComplete(element)
                    case .emitAndComplete(nil): .complete
                    }
                })
            }
        }
    }
}

/// The storage of `sample`: ``SampleStateMachine`` under an emitter, and nothing else.
///
/// The machine is a type parameter (``SampleSourceTransitions``), so that the methods read both types from the
/// object: naming `SampleStateMachine<Element?>` in them looked its metadata up on every source element.
typealias SampleStorage<Element, Machine: SampleSourceTransitions<Element>> = SerializedEmitter<Element, Machine>

extension SerializedEmitter where State: SampleSourceTransitions<Output> {
    /// A source element: kept for the next tick.
    func sourceNext(_ element: Output) {
        withLock { $0.sourceNext(element) }
    }

    /// The source or the sampler failed: the first failure goes out.
    func sourceFailed(_ error: any Error) {
        emit { $0.failed() ? .error(error) : nil }
    }

    /// The source completed: the completion waits for the next tick.
    func sourceCompleted() {
        withLock { $0.sourceCompleted() }
    }
}

/// The source's side of ``SampleStateMachine``, seen through a type parameter of its own (the machine is the one
/// conforming type), for the reason ``SampleStorage`` gives.
protocol SampleSourceTransitions<Element> {
    associatedtype Element

    /// The source sent `element`.
    mutating func sourceNext(_ element: Element)
    /// The source completed.
    mutating func sourceCompleted()
    /// The source or the sampler failed; `true` when the error goes out.
    mutating func failed() -> Bool
}

extension SampleStateMachine: SampleSourceTransitions {}

/// The source's sink of a `sample`: hands each event to the storage.
final class SampleSourceSink<Element, Machine: SampleSourceTransitions<Element>>: EventSink<Element> {
    let storage: SampleStorage<Element, Machine>
    let sourceLifetime: Lifetime

    init(storage: SampleStorage<Element, Machine>, sourceLifetime: Lifetime) {
        self.storage = storage
        self.sourceLifetime = sourceLifetime
    }

    override func on(next element: Element) { storage.sourceNext(element) }

    override func on(error: any Error) { storage.sourceFailed(error) }

    override func onCompleted() {
        storage.sourceCompleted()
        // A completion is swallowed until the next sample: release the source now (the rule "Consume a terminal,
        // dispose its upstream").
        sourceLifetime.finishChild()
    }
}
