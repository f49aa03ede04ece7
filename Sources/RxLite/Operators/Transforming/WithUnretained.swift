extension ObservableType {
    /// Emits `resultSelector(object, element)` for each element, holding `object` weakly; completes at the first
    /// element that arrives after `object` is gone. Errors and completion pass through.
    ///
    /// Replaces `[weak self]` plus `guard let self` in a subscriber: `.withUnretained(self) { $0.render($1) }`.
    /// The sequence itself never keeps `object` alive; a `share(replay:)` placed after this operator does, through
    /// the results it replays.
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        let source = asObservable()
        return Observable { [weak object] sink, lifetime, _ in
            source.runSubscription(
                { [weak object] event in
                    switch event {
                    case .next(let element):
                        guard let object else { return sink.onCompleted() }
                        sink.on(next: resultSelector(object, element))
                    case .error(let error):
                        sink.on(error: error)
                    case .completed:
                        sink.onCompleted()
                    }
                }, lifetime)
        }
    }

    /// Emits `(object, element)` for each element, holding `object` weakly; completes at the first element that
    /// arrives after `object` is gone. Written `.withUnretained(self).subscribe(onNext: { owner, element in ... })`.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }
}
