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
            let observer = CreateObserver(sink: sink, lifetime: lifetime, releasesOnEnd: false)
            HeldLocks.checkNoneHeld("create's subscribe handler")
            observer.hold(subscribe(AnyObserver(eventHandler: observer.on)))
        }
    }
}

/// The observer that `create` hands out: serializes calls from any thread, enforces the end of the sequence for
/// code that may not, and disposes what `subscribe` returned once the end has been delivered.
///
/// Invariants:
/// - `state` says whether a thread is delivering (`emitting`), whether events wait in `outbox` (`pending`), and
///   whether a terminal event was accepted (`stopped`: nothing is accepted after it).
/// - An element sent while nobody delivers takes the fast path: one compare-and-swap to start emitting, the sink,
///   one to stop. Everything else (a terminal event, a call while another thread delivers) goes through `lock`,
///   which guards `outbox`, `resourceKey` and `endedBeforeHold`, and is never held while `sink` runs.
/// - Only the emitting thread calls `sink`; others queue into `outbox` and return, so events reach the subscriber one
///   at a time, in the order they were accepted. `pending` is set only under the lock by a thread that queued, and
///   cleared only under the lock by the emitter that took the queue.
/// - What `subscribe` returned lives in the lifetime under `resourceKey`, so disposing the subscription disposes
///   it; the end takes it back out with that key, so exactly one of the two disposes it. The lifetime holds the
///   resource, not this observer: an observer kept by a callback never keeps the subscription alive, and a
///   subscription never disposed leaves no cycle.
final class CreateObserver<Element>: @unchecked Sendable {
    static var emitting: UInt8 { 1 }
    static var pending: UInt8 { 2 }
    static var stopped: UInt8 { 4 }

    /// The words of `state` and `lock`, in this object's own memory (see ``InlineWord``): every `create`
    /// subscription makes one observer, and a heap cell of their own cost each a second allocation. Must stay the
    /// first stored property.
    var words = (InlineWord(), InlineWord())
    let live = LiveResource()
    let sink: EventSink<Element>
    let lifetime: Lifetime
    /// Whether delivering a terminal event disposes the resource (RxSwift's `create` does).
    let releasesOnEnd: Bool
    /// `emitting`, `pending` and `stopped` bits; starts at zero.
    var state: AtomicView<UInt8> { AtomicView(word: 0, of: self) }
    var lock: LockWord { LockWord(word: 1, of: self) }
    @exclusivity(unchecked) var outbox: [Event<Element>] = []
    /// The resource's key in `lifetime`, once ``hold(_:)`` put it there.
    @exclusivity(unchecked) var resourceKey: UInt64?
    /// Set when the end was delivered before ``hold(_:)`` ran (a `subscribe` that ends synchronously).
    @exclusivity(unchecked) var endedBeforeHold = false

    init(sink: @escaping EventSink<Element>, lifetime: Lifetime, releasesOnEnd: Bool) {
        self.sink = sink
        self.lifetime = lifetime
        self.releasesOnEnd = releasesOnEnd
        assertFirstStoredProperty(of: self, &words)
    }

    func on(_ event: Event<Element>) {
        guard lifetime.isActive else { return }
        if case .next = event,
            state.compareExchange(expected: 0, desired: Self.emitting, ordering: .acquiring).exchanged
        {
            sink(event)
            if state.compareExchange(expected: Self.emitting, desired: 0, ordering: .releasing).exchanged { return }
            drain()
            return
        }
        submit(event, then: nil)
    }

    /// Sends `element` and completes, as one call: a later call, from this thread or another, cannot come between
    /// the two (what `Single.create`'s and `Maybe.create`'s callbacks need).
    func onLast(_ element: Element) {
        guard lifetime.isActive else { return }
        submit(.next(element), then: .completed)
    }

    /// The slow path: delivers `event` (and `then`, right after it) now if nobody else is delivering, else queues
    /// them for the thread that is.
    func submit(_ event: Event<Element>, then second: Event<Element>?) {
        let stops = event.isStopEvent || second?.isStopEvent == true
        lock.lock()
        while true {
            let current = state.load(ordering: .acquiring)
            if current & Self.stopped != 0 {
                lock.unlock()
                return
            }
            let stopBit = stops ? Self.stopped : 0
            if current & Self.emitting == 0 {
                guard
                    state.compareExchange(
                        expected: current, desired: Self.emitting | stopBit, ordering: .acquiringAndReleasing
                    ).exchanged
                else { continue }
                lock.unlock()
                deliver(event)
                if let second { deliver(second) }
                drain()
                return
            }
            guard
                state.compareExchange(
                    expected: current, desired: current | Self.pending | stopBit, ordering: .acquiringAndReleasing
                ).exchanged
            else { continue }
            outbox.append(event)
            if let second { outbox.append(second) }
            lock.unlock()
            return
        }
    }

    /// Delivers what queued up while this thread was emitting, until nothing is left; then stops emitting.
    func drain() {
        while true {
            var current = state.load(ordering: .acquiring)
            if current & Self.pending == 0,
                state.compareExchange(
                    expected: current, desired: current & Self.stopped, ordering: .acquiringAndReleasing
                ).exchanged
            {
                return
            }
            lock.lock()
            let events = outbox
            outbox.removeAll()
            current = state.load(ordering: .acquiring)
            while !state.compareExchange(
                expected: current, desired: current & ~Self.pending, ordering: .acquiringAndReleasing
            ).exchanged {
                current = state.load(ordering: .acquiring)
            }
            lock.unlock()
            for event in events { deliver(event) }
        }
    }

    func deliver(_ event: Event<Element>) {
        if lifetime.isActive { sink(event) }
        if releasesOnEnd && event.isStopEvent { releaseResource() }
    }

    /// Keeps what `subscribe` returned in the lifetime until the end; disposes it at once when the end already came.
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
    func releaseResource() {
        lock.lock()
        endedBeforeHold = true
        let key = resourceKey
        resourceKey = nil
        lock.unlock()
        if let key { lifetime.remove(key: key)?.dispose() }
    }
}

extension Observable {
    /// What ``ObservableType/create(_:)`` builds. The handler is formed here, where the generic context is
    /// `Element` alone: formed in the protocol extension it would capture `Self` and its conformance, one
    /// allocation more for every observable created.
    static func made(by subscribe: @escaping (AnyObserver<Element>) -> any Disposable) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let observer = CreateObserver(sink: sink, lifetime: lifetime, releasesOnEnd: true)
            HeldLocks.checkNoneHeld("create's subscribe handler")
            observer.hold(subscribe(AnyObserver(eventHandler: observer.on)))
        }
    }
}
