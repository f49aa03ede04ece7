extension ObservableType {
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
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> any Disposable) -> Observable<Element> {
        Observable.made(by: subscribe)
    }

    /// ``create(_:)`` whose disposable stays until the subscription's lifetime ends, even after a terminal event:
    /// for RxLiteTest's testable observables, whose recorded subscriptions must show when the *operator* let go of
    /// its source, as RxTest's do.
    package static func createHoldingUntilDisposed(
        _ subscribe: @escaping (AnyObserver<Element>) -> any Disposable
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let observer = CreateObserver.make(sink: sink, lifetime: lifetime, releasesOnEnd: false)
            HeldLocks.checkNoneHeld("create's subscribe handler")
            observer.hold(subscribe(AnyObserver(eventHandler: observer.storage.on)))
        }
    }
}

/// The observer that `create` hands out: serializes calls from any thread, enforces the end of the sequence for
/// code that may not, and disposes what `subscribe` returned once the end has been delivered.
///
/// Invariants (its ``CreateStateMachine`` checks in debug builds what of them the state shows; the rest are the
/// drain's order, tested on every interleaving):
/// - Calls are serialized by a ``Drain``: the thread that finds nobody delivering delivers, the others queue behind
///   it and return, so events reach the subscriber one at a time, in the order they were accepted, and the lock is
///   never held while `sink` runs.
/// - After a terminal event is accepted (`isStopped`), nothing is.
/// - What `subscribe` returned lives in the lifetime under `resourceKey`, so disposing the subscription disposes
///   it; the end takes it back out with that key, so exactly one of the two disposes it. The lifetime holds the
///   resource, not this observer: an observer kept by a callback never keeps the subscription alive, and a
///   subscription never disposed leaves no cycle.
///
/// It is `Sendable` (a callback marked `@Sendable` may capture it) whatever `Element` is, as RxSwift's observer may be
/// called from any thread: the storage serializes the calls.
struct CreateObserver<Element>: @unchecked Sendable {
    let storage: CreateStorage<Event<Element>>

    /// An observer delivering to `sink` for the subscription `lifetime`; `releasesOnEnd` says whether delivering a
    /// terminal event disposes the resource (RxSwift's `create` does).
    static func make(sink: EventSink<Element>, lifetime: Lifetime, releasesOnEnd: Bool) -> CreateObserver {
        CreateObserver(storage: .make(sink: sink, lifetime: lifetime, releasesOnEnd: releasesOnEnd))
    }

    func on(_ event: Event<Element>) { storage.on(event) }

    /// Sends `element` and completes, as one call (see ``CreateStorage/onLast(_:)``).
    func onLast(_ element: Element) { storage.onLast(element) }

    /// Keeps what `subscribe` returned until the end (see ``CreateStorage/hold(_:)``).
    func hold(_ resource: any Disposable) { storage.hold(resource) }
}

/// The storage of ``CreateObserver``: a ``SerializedEventQueue`` of its events, with its ``CreateStateMachine``
/// under the queue's lock (the queue is `create`'s own box, the methods here its rules).
///
/// Generic over the event type (``EventRouting``), which is `Event<Element>`: the user's observer calls hand it whole
/// events, and the queue takes them apart and keeps them with the event type's metadata read from the object, where a
/// class generic over the element would look that metadata up on every call.
typealias CreateStorage<Routed: EventRouting> = SerializedEventQueue<Routed>

extension SerializedEventQueue {
    /// A storage delivering to `sink` for the subscription `lifetime`.
    static func make(
        sink: EventSink<Routed.Element>, lifetime: Lifetime, releasesOnEnd: Bool
    ) -> SerializedEventQueue {
        make(sink: sink, lifetime: lifetime, state: CreateStateMachine(releasesOnEnd: releasesOnEnd))
    }

    func on(_ event: Routed) {
        guard lifetime.isActive else { return }
        if admit(event, if: { $0.accept(isStopEvent: event.isStopEvent) }) { deliver(event) }
    }

    /// Sends `element` and completes, as one call: a later call, from this thread or another, cannot come between
    /// the two (what `Single.create`'s and `Maybe.create`'s callbacks need).
    func onLast(_ element: Routed.Element) {
        guard lifetime.isActive else { return }
        let next = Routed.next(element)
        if admit(next, then: .completed, if: { $0.accept(isStopEvent: true) }) { deliver(next) }
    }

    /// As the emitter, without the lock: delivers `first`, then whatever was queued meanwhile.
    @inline(__always)
    func deliver(_ first: Routed) {
        deliverOne(first)
        deliverBacklog { deliverOne($0) }
    }

    @inline(__always)
    func deliverOne(_ event: Routed) {
        if lifetime.isActive { event.route(to: sink) }
        if event.isStopEvent { releaseResource() }
    }

    /// Keeps what `subscribe` returned in the lifetime until the end; disposes it at once when the end already came.
    func hold(_ resource: any Disposable) {
        if withLock({ $0.hasEnded }) {
            resource.dispose()
            return
        }
        let lifetime = lifetime
        let key = lifetime.insert(resource)
        // The end came while the resource was going in: take it back out (once: see the type's invariants).
        if let ended = withLock({ $0.held(key: key) }) { lifetime.remove(key: ended)?.dispose() }
    }

    /// After the end was delivered: disposes the resource, unless the lifetime did already or the resource stays
    /// until the lifetime ends.
    func releaseResource() {
        if let key = withLock({ $0.ended() }) { lifetime.remove(key: key)?.dispose() }
    }
}

extension Observable {
    /// What ``ObservableType/create(_:)`` builds. The handler is formed here, where the generic context is
    /// `Element` alone: formed in the protocol extension it would capture `Self` and its conformance, one
    /// allocation more for every observable created.
    static func made(by subscribe: @escaping (AnyObserver<Element>) -> any Disposable) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let observer = CreateObserver.make(sink: sink, lifetime: lifetime, releasesOnEnd: true)
            HeldLocks.checkNoneHeld("create's subscribe handler")
            observer.hold(subscribe(AnyObserver(eventHandler: observer.storage.on)))
        }
    }
}
