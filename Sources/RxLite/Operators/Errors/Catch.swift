extension ObservableType {
    /// Emits the source's elements; if the source fails, emits the elements of the sequence that `handler` returns
    /// for the error instead, and ends when that sequence ends. An error thrown by `handler` is emitted.
    ///
    /// The failed source is released before `handler` runs.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    public func `catch`(_ handler: @escaping (any Error) throws -> Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            guard let sourceLifetime = lifetime.makeChild() else { return }
            source.runSubscription(
                CatchSink(handler: handler, lifetime: lifetime, sourceLifetime: sourceLifetime, downstream: sink),
                sourceLifetime)
        }
    }

    /// Emits the source's elements; if the source fails, emits `element` and completes.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        `catch` { _ in .just(element) }
    }
}

/// `catch`'s sink: the source's elements and completion pass; its error is swallowed, the source released, and the
/// sequence `handler` returns subscribed in its place, into the same downstream.
final class CatchSink<Element>: EventSink<Element> {
    let handler: (any Error) throws -> Observable<Element>
    let lifetime: Lifetime
    let sourceLifetime: Lifetime
    let downstream: EventSink<Element>

    init(
        handler: @escaping (any Error) throws -> Observable<Element>, lifetime: Lifetime, sourceLifetime: Lifetime,
        downstream: EventSink<Element>
    ) {
        self.handler = handler
        self.lifetime = lifetime
        self.sourceLifetime = sourceLifetime
        self.downstream = downstream
    }

    override func on(next element: Element) { downstream.on(next: element) }

    override func onCompleted() { downstream.onCompleted() }

    override func on(error: any Error) {
        // The source's error is swallowed here: release the source (the rule "Consume a terminal, dispose its
        // upstream").
        sourceLifetime.finishChild()
        let fallback: Observable<Element>
        do { fallback = try handler(error) } catch {
            downstream.on(error: error)
            return
        }
        guard lifetime.isActive else { return }
        fallback.subscribeTopLevel(downstream, lifetime)
    }
}
