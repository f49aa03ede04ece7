extension ObservableType {
    /// Emits the source's elements, subscribing to it again each time it fails, for as long as it fails; ends
    /// when the source completes.
    ///
    /// Each failed subscription is released before the next one starts. A source that fails synchronously is
    /// resubscribed in a loop, not by recursion, so the stack does not grow however often it fails.
    ///
    /// [retry](https://reactivex.io/documentation/operators/retry.html)
    @inlinable
    public func retry() -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            RetryStorage(source: source, retries: nil, sink: sink, lifetime: lifetime).subscribeNext()
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
    @inlinable
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        precondition(maxAttemptCount >= 0, "retry needs an attempt count of zero or more")
        let source = asObservable()
        if maxAttemptCount == 0 { return Observable { sink, _, _ in sink(.completed) } }
        return Observable { sink, lifetime, _ in
            RetryStorage(source: source, retries: maxAttemptCount - 1, sink: sink, lifetime: lifetime).subscribeNext()
        }
    }
}

/// The state of one `retry` subscription.
///
/// Each attempt gets a child lifetime, disposed when it fails (rule 4). Resubscribing goes through a
/// ``SubscriptionTrampoline`` (rule 6): an attempt that fails during its own subscription does not recurse. Only one
/// attempt is live at a time, so `retriesLeft` is touched by one thread at a time; the trampoline's counter orders
/// those accesses.
@usableFromInline
final class RetryStorage<Element>: @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    let source: Observable<Element>
    /// Attempts still allowed after the live one; `nil` for no limit.
    @usableFromInline
    var retriesLeft: Int?
    @usableFromInline
    let sink: EventSink<Element>
    @usableFromInline
    let lifetime: Lifetime
    @usableFromInline
    let trampoline = SubscriptionTrampoline()

    @inlinable
    init(source: Observable<Element>, retries: Int?, sink: @escaping EventSink<Element>, lifetime: Lifetime) {
        self.source = source
        self.retriesLeft = retries
        self.sink = sink
        self.lifetime = lifetime
    }

    @inlinable
    func subscribeNext() {
        trampoline.run {
            // `false` is final: the subscription has ended.
            guard lifetime.isActive else { return false }
            guard let child = lifetime.makeChild() else { return false }
            source.runSubscription(
                { [self] event in
                    guard case .error(let error) = event else {
                        sink(event)
                        return
                    }
                    child.finishChild()
                    if let retries = retriesLeft {
                        if retries == 0 {
                            sink(.error(error))
                            return
                        }
                        retriesLeft = retries - 1
                    }
                    subscribeNext()
                }, child)
            return true
        }
    }
}
