/// The subscriber count behind `refCount()` over a connectable other than a ``ConnectableObservable`` (which counts
/// its own: ``ConnectableStorage/subscribeCounted(_:_:)``).
///
/// Its state, under the lock, is a ``RefCountStateMachine`` (whose invariants are this storage's, and which says why
/// a subscriber may wait); the storage subscribes, connects and disposes, never holding the lock while it does.
final class RefCountStorage<Element> {
    let live = LiveResource()
    /// The connectable, as an existential: its own type would make the storage generic over it.
    let connectable: any ConnectableObservableType<Element>
    let state = Locked(RefCountStateMachine<Element>())

    /// A storage counting the subscribers of `connectable`.
    init(connectable: any ConnectableObservableType<Element>) {
        self.connectable = connectable
    }

    /// `refCount()` over `connectable`. The handler is formed here, where the generic context is `Element` alone:
    /// formed in the protocol extension it would capture the connectable's type and conformance, one allocation more
    /// for every `refCount()`.
    static func observable(counting connectable: any ConnectableObservableType<Element>) -> Observable<Element> {
        let storage = RefCountStorage(connectable: connectable)
        return Observable { sink, lifetime, _ in storage.subscribe(sink, lifetime) }
    }

    func subscribe(_ sink: EventSink<Element>, _ lifetime: Lifetime) {
        let arrival = state.withLock { $0.subscriberArrived(sink, lifetime) }
        let generation = arrival.generation
        lifetime.insert { [self] in leave(generation) }
        if case .subscribe = arrival { start(sink, lifetime, generation) }
    }

    /// Subscribes a counted subscriber of `generation` to the connectable, and connects for it if needed.
    private func start(_ sink: EventSink<Element>, _ lifetime: Lifetime, _ generation: UInt64) {
        guard lifetime.isActive else { return }
        connectable.asObservable().runSubscription(
            RefCountSubscriberSink(storage: self, generation: generation, downstream: sink), lifetime)
        connectIfNeeded(generation)
    }

    /// Connects for the subscribers of `generation` unless they have a connection.
    private func connectIfNeeded(_ generation: UInt64) {
        while true {
            guard case .connect(let endedBefore) = state.withLock({ $0.connectionNeeded(generation: generation) })
            else {
                return
            }
            let connection = connectable.connect()
            switch state.withLock({ $0.connected(connection, generation: generation, endedBefore: endedBefore) }) {
            case .kept, .done: return
            case .drop: return disconnect(connection)
            case .retry: continue
            }
        }
    }

    /// The source ended for the subscribers of `generation`: the first of them to hear it ends that connection.
    func sourceEnded(_ generation: UInt64) {
        state.withLock { $0.sourceEnded(generation: generation) }?.dispose()
    }

    /// A subscriber of `generation` left; the last one disconnects.
    private func leave(_ generation: UInt64) {
        if case .disconnect(let connection) = state.withLock({ $0.subscriberLeft(generation: generation) }) {
            disconnect(connection)
        }
    }

    /// Disposes `connection`, then subscribes whoever arrived meanwhile; each connects for itself.
    private func disconnect(_ connection: any Disposable) {
        connection.dispose()
        for waiter in state.withLock({ $0.disconnected() }) { start(waiter.sink, waiter.lifetime, waiter.generation) }
    }
}

/// The sink of one counted subscriber of `refCount()`, of the connection `generation`.
final class RefCountSubscriberSink<Element>: EventSink<Element> {
    let storage: RefCountStorage<Element>
    let generation: UInt64
    let downstream: EventSink<Element>

    init(storage: RefCountStorage<Element>, generation: UInt64, downstream: EventSink<Element>) {
        self.storage = storage
        self.generation = generation
        self.downstream = downstream
    }

    override func on(next element: Element) { downstream.on(next: element) }

    // As RxSwift: the connection is over before this subscriber hears of the end, so subscribing again from its
    // `onCompleted` or `onError` connects again.
    override func on(error: any Error) {
        storage.sourceEnded(generation)
        downstream.on(error: error)
    }

    override func onCompleted() {
        storage.sourceEnded(generation)
        downstream.onCompleted()
    }
}
