extension Observable {
    /// A sequence made by `subscribe`, which gets an observer to feed and returns what to dispose.
    ///
    /// The observer may be called from any thread, also from several at once (it is `Sendable` when `Element` is,
    /// so a `@Sendable` completion handler can capture it): calls are serialized, each event reaching the subscriber
    /// after the previous one returned, in the order the calls were made. It ignores everything after a terminal
    /// event and after the subscription is disposed, so a late callback (a network reply after cancel) cannot reach
    /// the subscriber. The disposable returned by `subscribe` is disposed once: right after a terminal event has been
    /// delivered, or when the subscription is disposed, whichever comes first.
    ///
    /// ```swift
    /// Observable<String>.create { observer in
    ///     legacyFetch(id) { result in      // @escaping @Sendable (Result<String, any Error>) -> Void
    ///         switch result {
    ///         case .success(let text): observer.onNext(text); observer.onCompleted()
    ///         case .failure(let error): observer.onError(error)
    ///         }
    ///     }
    ///     return Disposables.create()
    /// }
    /// ```
    ///
    /// [create](https://reactivex.io/documentation/operators/create.html)
    @inlinable
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> any Disposable) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let observer = CreateObserver(sink: sink, lifetime: lifetime, releasesOnEnd: true)
            observer.hold(subscribe(AnyObserver(eventHandler: observer.on)))
        }
    }

    /// ``create(_:)`` whose disposable stays until the subscription's lifetime ends, even after a terminal event:
    /// for RxLiteTest's testable observables, whose recorded subscriptions must show when the *operator* let go of
    /// its source, as RxTest's do.
    @inlinable
    package static func createHoldingUntilDisposed(
        _ subscribe: @escaping (AnyObserver<Element>) -> any Disposable
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let observer = CreateObserver(sink: sink, lifetime: lifetime, releasesOnEnd: false)
            observer.hold(subscribe(AnyObserver(eventHandler: observer.on)))
        }
    }
}

/// The observer that `create` hands out: serializes calls from any thread, enforces the end of the sequence for
/// code that may not, and disposes what `subscribe` returned once the end has been delivered.
///
/// Invariants:
/// - `lock` guards every stored `var`; it is never held while `sink` runs or while the resource is disposed.
/// - Only the thread that set `isEmitting` calls `sink`; others queue into `outbox` and return, so events reach the
///   subscriber one at a time in the order the calls took the lock.
/// - After a terminal event is accepted (`isStopped`), nothing else is accepted.
/// - What `subscribe` returned lives in the lifetime under `resourceKey`, so disposing the subscription disposes
///   it; the end takes it back out with that key, so exactly one of the two disposes it. The lifetime holds the
///   resource, not this observer: an observer kept by a callback never keeps the subscription alive, and a
///   subscription never disposed leaves no cycle.
@usableFromInline
final class CreateObserver<Element>: @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    let sink: EventSink<Element>
    @usableFromInline
    let lifetime: Lifetime
    /// Whether delivering a terminal event disposes the resource (RxSwift's `create` does).
    @usableFromInline
    let releasesOnEnd: Bool
    @usableFromInline
    let lock = SpinLock()
    @usableFromInline
    @exclusivity(unchecked) var isEmitting = false
    @usableFromInline
    @exclusivity(unchecked) var isStopped = false
    @usableFromInline
    @exclusivity(unchecked) var outbox: [Event<Element>] = []
    @usableFromInline
    @exclusivity(unchecked) var outboxHead = 0
    /// The resource's key in `lifetime`, once ``hold(_:)`` put it there.
    @usableFromInline
    @exclusivity(unchecked) var resourceKey: UInt64?
    /// Set when the end was delivered before ``hold(_:)`` ran (a `subscribe` that ends synchronously).
    @usableFromInline
    @exclusivity(unchecked) var endedBeforeHold = false

    @inlinable
    init(sink: @escaping EventSink<Element>, lifetime: Lifetime, releasesOnEnd: Bool) {
        self.sink = sink
        self.lifetime = lifetime
        self.releasesOnEnd = releasesOnEnd
    }

    @inlinable
    func on(_ event: Event<Element>) {
        guard lifetime.isActive else { return }
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent { isStopped = true }
        if isEmitting {
            outbox.append(event)
            lock.unlock()
            return
        }
        isEmitting = true
        lock.unlock()
        deliver(event)
        lock.lock()
        if outboxHead == outbox.count {
            isEmitting = false
            lock.unlock()
            return
        }
        drainLocked()
    }

    /// Sends `element` and completes, as one call: a later call, from this thread or another, cannot come between
    /// the two (what `Single.create`'s and `Maybe.create`'s callbacks need).
    @inlinable
    func onLast(_ element: Element) {
        guard lifetime.isActive else { return }
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        isStopped = true
        if isEmitting {
            outbox.append(.next(element))
            outbox.append(.completed)
            lock.unlock()
            return
        }
        isEmitting = true
        lock.unlock()
        deliver(.next(element))
        deliver(.completed)
        lock.lock()
        drainLocked()
    }

    @inlinable
    func deliver(_ event: Event<Element>) {
        if lifetime.isActive { sink(event) }
        if releasesOnEnd && event.isStopEvent { releaseResource() }
    }

    /// Delivers whatever queued up while this thread was emitting; entered with the lock held, leaves it released
    /// with `isEmitting` cleared.
    @usableFromInline
    func drainLocked() {
        while outboxHead < outbox.count {
            let next = outbox[outboxHead]
            outboxHead += 1
            lock.unlock()
            deliver(next)
            lock.lock()
        }
        outbox.removeAll()
        outboxHead = 0
        isEmitting = false
        lock.unlock()
    }

    /// Keeps what `subscribe` returned in the lifetime until the end; disposes it at once when the end already came.
    @inlinable
    func hold(_ resource: any Disposable) {
        lock.lock()
        if endedBeforeHold {
            lock.unlock()
            resource.dispose()
            return
        }
        lock.unlock()
        let key = lifetime.insert(resource)
        lock.lock()
        resourceKey = key
        let ended = endedBeforeHold
        lock.unlock()
        // The end came while the resource was going in: take it back out (once: see the type's invariants).
        if ended, let key { lifetime.remove(key: key)?.dispose() }
    }

    /// Disposes the resource after the end was delivered, unless the lifetime did already.
    @usableFromInline
    func releaseResource() {
        lock.lock()
        endedBeforeHold = true
        let key = resourceKey
        resourceKey = nil
        lock.unlock()
        if let key { lifetime.remove(key: key)?.dispose() }
    }
}
