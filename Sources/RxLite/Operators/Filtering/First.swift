extension ObservableType {
    /// Emits the first element, or `nil` when the source completes without one, then completes. Fails with the
    /// source's error when it fails first.
    ///
    /// Difference from RxSwift: RxSwift returns `Single<Element?>`; this returns an `Observable` that emits exactly
    /// one optional on success (`.asSingle()` converts it).
    ///
    /// [first](https://reactivex.io/documentation/operators/first.html)
    @inlinable
    public func first() -> Observable<Element?> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            // Set once the sequence ended here; nothing from the source gets through after that.
            var isDone = false
            source.subscribeHandler(
                { event in
                    guard !isDone else { return }
                    isDone = true
                    switch event {
                    case .next(let element):
                        sink(.next(element))
                        if lifetime.isActive { sink(.completed) }
                    case .error(let error):
                        sink(.error(error))
                    case .completed:
                        sink(.next(nil))
                        if lifetime.isActive { sink(.completed) }
                    }
                }, lifetime)
        }
    }
}
