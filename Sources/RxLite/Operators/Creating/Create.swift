extension Observable {
    /// A sequence made by `subscribe`, which gets an observer to feed and returns what to dispose.
    ///
    /// The observer passed to `subscribe` ignores everything after a terminal event and after the subscription is
    /// disposed, so a late callback (a network reply after cancel) cannot reach the subscriber. The disposable
    /// returned by `subscribe` is disposed once, on a terminal event or on dispose, whichever comes first.
    ///
    /// [create](https://reactivex.io/documentation/operators/create.html)
    @inlinable
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> any Disposable) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let observer = CreateObserver(sink: sink, lifetime: lifetime)
            lifetime.insert(subscribe(AnyObserver(eventHandler: observer.on)))
        }
    }
}

/// The observer that `create` hands out: enforces the end of the sequence for code that may not.
@usableFromInline
final class CreateObserver<Element>: @unchecked Sendable {
    @usableFromInline
    let sink: EventSink<Element>
    @usableFromInline
    let lifetime: Lifetime
    @usableFromInline
    let isStopped = Atomic<Bool>(false)

    @inlinable
    init(sink: @escaping EventSink<Element>, lifetime: Lifetime) {
        self.sink = sink
        self.lifetime = lifetime
    }

    @inlinable
    func on(_ event: Event<Element>) {
        guard lifetime.isActive else { return }
        if case .next = event {
            if isStopped.load(ordering: .relaxed) { return }
        } else if isStopped.exchange(true, ordering: .acquiringAndReleasing) {
            return
        }
        sink(event)
    }
}
