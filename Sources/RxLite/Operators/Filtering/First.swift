extension ObservableType {
    /// A single of the first element, or of `nil` when the source completes without one; fails with the source's
    /// error when it fails first. The source is let go of as soon as its first element arrives.
    ///
    /// [first](https://reactivex.io/documentation/operators/first.html)
    public func first() -> Single<Element?> {
        let source = asObservable()
        let first = Observable<Element?> { sink, lifetime, _ in
            // Set once the sequence ended here; nothing from the source gets through after that.
            var isDone = false
            source.runSubscription(
                { event in
                    guard !isDone else { return }
                    isDone = true
                    switch event {
                    case .next(let element):
                        sink.on(next: element)
                        if lifetime.isActive { sink.onCompleted() }
                    case .error(let error):
                        sink.on(error: error)
                    case .completed:
                        sink.on(next: nil)
                        if lifetime.isActive { sink.onCompleted() }
                    }
                }, lifetime)
        }
        return Single(raw: first)
    }
}
