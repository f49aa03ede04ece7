/// The storage of `share(replay:scope: .whileConnected)`: one connection to the source, shared by every current
/// subscriber through a subject hub made fresh for each connection.
///
/// It does what `replay(_:).refCount()` (or `publish().refCount()`) does, in one object: `Driver` and `Signal`
/// share after every conversion and stateful operator, so this sits on their path often.
///
/// Its state, under a lock, is a ``ShareStateMachine``, which decides which connection a subscriber joins, who
/// starts the source and when a connection ends (its invariants are this storage's); the storage makes the
/// connections, subscribes to hubs, runs the source and disposes, never holding the lock while it does.
final class ShareWhileConnectedStorage<Memory: SubjectMemory> {
    typealias Element = Memory.Element
    typealias Connection = ShareStateMachine<Memory>.Connection

    let live = LiveResource()
    let source: Observable<Element>
    let makeMemory: () -> Memory
    let state = Locked(ShareStateMachine<Memory>())

    #if DEBUG
        /// Tests only, set before the first subscription: runs on a subscribing thread between its arriving and its
        /// joining the hub, the window in which another thread can dispose the subscriber that made the connection
        /// and a second one can join. No user callback runs there, so a regression test cannot force that
        /// interleaving otherwise.
        var afterJoiningForTesting: (() -> Void)?
    #endif

    /// The storage sharing `source`, each connection through a hub with a fresh `makeMemory()`.
    init(source: Observable<Element>, makeMemory: @escaping () -> Memory) {
        self.source = source
        self.makeMemory = makeMemory
    }

    func subscribe(_ sink: EventSink<Element>, _ lifetime: Lifetime) {
        let makeMemory = makeMemory
        // The hub is made holding the lock: `makeMemory` is RxLite's own (an empty memory of the kind the `share`
        // asked for), never user code.
        let connection = state.withLock { state in
            state.subscriberArrived(makingConnection: {
                Connection(hub: SubjectHub.make(memory: makeMemory()), lifetime: Lifetime.make())
            })
        }
        #if DEBUG
            afterJoiningForTesting?()
        #endif
        lifetime.insert(ShareSubscription(state: self, connection: connection.lifetime))
        connection.hub.subscribe(sink, lifetime)
        // A subscriber that ended before it joined (disposed, or under a disposed ancestor) starts nothing: the hub
        // dropped it, and its lifetime's end leaves the connection.
        let isActive = lifetime.isActive
        let action = state.withLock { $0.subscriberJoined(connection.lifetime, isActive: isActive) }
        if case .startSource = action { connect(connection) }
    }

    /// Runs the source into the connection's hub. On its end the connection is forgotten first, so a subscriber
    /// arriving from then on starts the source again with a fresh hub.
    func connect(_ connection: Connection) {
        source.runSubscription(
            ShareSourceSink(storage: self, connection: connection), connection.lifetime)
    }

    /// Hands the end of the connection's source to its hub: the connection is forgotten first, so a subscriber
    /// arriving from then on starts the source again.
    func sourceEnded(_ event: Event<Element>, _ connection: Connection) {
        guard connection.lifetime.beginStop() else { return }
        sourceEnded(connection.lifetime)
        connection.hub.on(event)
        connection.lifetime.dispose()
    }

    /// The source of the connection `lifetime` names ended.
    func sourceEnded(_ lifetime: Lifetime) {
        let forgotten = state.withLock { $0.sourceEnded(lifetime) }
        // Released after the lock: the hub's deinit lets its observers go.
        _ = forgotten
    }

    /// One subscriber of the connection `lifetime` names left; the last one to leave ends the connection, stopping
    /// the source, and its hub is released after the lock (the hub's deinit lets its observers go).
    func leave(_ lifetime: Lifetime) {
        let action = state.withLock { $0.subscriberLeft(lifetime) }
        if case .disconnect(let connection) = action { connection.lifetime.dispose() }
    }
}

/// Takes one subscriber out of its shared connection when its subscription ends.
final class ShareSubscription<Memory: SubjectMemory>: Disposable {
    let live = LiveResource()
    let state: ShareWhileConnectedStorage<Memory>
    let connection: Lifetime

    init(state: ShareWhileConnectedStorage<Memory>, connection: Lifetime) {
        self.state = state
        self.connection = connection
    }

    func dispose() { state.leave(connection) }
}

/// The sink of a connection's source in ``ShareWhileConnectedStorage``: elements go to the connection's hub while it
/// lasts, the end through the storage, which forgets the connection first.
final class ShareSourceSink<Memory: SubjectMemory>: EventSink<Memory.Element> {
    let storage: ShareWhileConnectedStorage<Memory>
    let connection: ShareWhileConnectedStorage<Memory>.Connection

    init(storage: ShareWhileConnectedStorage<Memory>, connection: ShareWhileConnectedStorage<Memory>.Connection) {
        self.storage = storage
        self.connection = connection
    }

    override func on(next element: Memory.Element) {
        if connection.lifetime.isActive { connection.hub.on(next: element) }
    }

    override func on(error: any Error) { storage.sourceEnded(.error(error), connection) }

    override func onCompleted() { storage.sourceEnded(.completed, connection) }
}
