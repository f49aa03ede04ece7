extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Runs this completable, then `second`, and emits what `second` emits. An error from this completable is
    /// emitted and `second` is never subscribed.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.asObservable().concatNever(second.asObservable()))
    }

    /// Runs this completable, then `second`, and emits what `second` emits.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.asObservable().concatNever(second.asObservable()))
    }

    /// Runs this completable, then `second`.
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: primitiveSequence.asObservable().concatNever(second.asObservable()))
    }

    /// Runs this completable, then `second`, and emits what `second` emits.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        primitiveSequence.asObservable().concatNever(second)
    }
}

extension Observable where Element == Never {
    /// This sequence (which has no elements), then `second` once it completes.
    func concatNever<Second>(_ second: Observable<Second>) -> Observable<Second> {
        let first = self
        return Observable<Second> { sink, lifetime, _ in
            guard let firstLifetime = lifetime.makeChild() else { return }
            first.runSubscription(
                { event in
                    if case .error(let error) = event {
                        sink.on(error: error)
                    } else if case .completed = event {
                        // The first completion is swallowed here: release the first sequence (the rule "Consume a
                        // terminal, dispose its upstream").
                        firstLifetime.finishChild()
                        guard lifetime.isActive else { return }
                        second.runSubscription(sink, lifetime)
                    }
                }, firstLifetime)
        }
    }
}
