extension ObservableType {
    /// Emits the source's elements, subscribing to it again each time it fails, for as long as it fails; ends
    /// when the source completes.
    ///
    /// Each failed subscription is released before the next one starts. A source that fails synchronously is
    /// resubscribed in a loop, not by recursion, so the stack does not grow however often it fails.
    ///
    /// [retry](https://reactivex.io/documentation/operators/retry.html)
    public func retry() -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            SourceChainStorage.make(
                Swift.repeatElement(source, count: .max).makeIterator(), advancingOn: .onError, sink: sink,
                lifetime: lifetime
            )
            .subscribeNext()
        }
    }

    /// Emits the source's elements, subscribing to it up to `maxAttemptCount` times in all while it fails; the
    /// error of the last attempt is emitted. Ends when an attempt completes. `retry(0)` completes at once without
    /// subscribing, as in RxSwift.
    ///
    /// Each failed subscription is released before the next one starts. A source that fails synchronously is
    /// resubscribed in a loop, not by recursion, so the stack does not grow with `maxAttemptCount`.
    ///
    /// [retry](https://reactivex.io/documentation/operators/retry.html)
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        precondition(maxAttemptCount >= 0, "retry needs an attempt count of zero or more")
        let source = asObservable()
        if maxAttemptCount == 0 { return Observable { sink, _, _ in sink.onCompleted() } }
        return Observable { sink, lifetime, _ in
            SourceChainStorage.make(
                Swift.repeatElement(source, count: maxAttemptCount).makeIterator(), advancingOn: .onError, sink: sink,
                lifetime: lifetime
            ).subscribeNext()
        }
    }
}
