extension ObservableType {
    /// Emits one array of every element when the source completes, then completes; a source error is emitted
    /// instead.
    ///
    /// Difference from RxSwift: RxSwift returns `Single<[Element]>`; this returns an `Observable` that emits exactly
    /// one array on success (`.asSingle()` converts it).
    ///
    /// [to](https://reactivex.io/documentation/operators/to.html)
    @inlinable
    public func toArray() -> Observable<[Element]> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            var elements: [Element] = []
            source.subscribeHandler(
                { event in
                    switch event {
                    case .next(let element): elements.append(element)
                    case .error(let error): sink(.error(error))
                    case .completed:
                        let result = elements
                        elements = []
                        sink(.next(result))
                        if lifetime.isActive { sink(.completed) }
                    }
                }, lifetime)
        }
    }
}
