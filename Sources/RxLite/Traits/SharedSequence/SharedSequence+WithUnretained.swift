extension SharedSequenceConvertibleType {
    /// Emits `resultSelector(object, element)` for each element, holding `object` weakly; completes at the first
    /// element that arrives after `object` is gone. Like ``ObservableType/withUnretained(_:resultSelector:)``.
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Emits `(object, element)` for each element, holding `object` weakly; completes at the first element that
    /// arrives after `object` is gone. Like ``ObservableType/withUnretained(_:)``.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> SharedSequence<
        SharingStrategy, (Object, Element)
    > {
        withUnretained(object) { ($0, $1) }
    }
}
