extension ObservableType {
    /// Emits the element at zero-based `index`, then completes. Fails with ``RxError/argumentOutOfRange`` when the
    /// source completes first, and with the source's error when it fails first.
    ///
    /// [elementAt](https://reactivex.io/documentation/operators/elementat.html)
    public func element(at index: Int) -> Observable<Element> {
        precondition(index >= 0, "element(at:) needs an index of zero or more")
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            // Elements still to drop before the one to emit; -1 once the sequence ended here.
            var remaining = index
            source.runSubscription(
                { event in
                    guard remaining >= 0 else { return }
                    switch event {
                    case .next:
                        if remaining > 0 {
                            remaining -= 1
                            return
                        }
                        remaining = -1
                        sink(event)
                        if lifetime.isActive { sink.onCompleted() }
                    case .error(let error):
                        remaining = -1
                        sink.on(error: error)
                    case .completed:
                        remaining = -1
                        sink.on(error: RxError.argumentOutOfRange)
                    }
                }, lifetime)
        }
    }

    /// The older name of ``element(at:)``.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}
