/// The storage of `share(replay:scope: .whileConnected)`: one connection to the source, shared by every current
/// subscriber through a subject hub made fresh for each connection.
///
/// It does what `replay(_:).refCount()` (or `publish().refCount()`) does, in one object: `Driver` and `Signal`
/// share after every conversion and stateful operator, so this sits on their path often.
///
/// Invariants:
/// - Under `lock`: `hub`, `connection` and `subscribers` describe the current connection; they are set together by
///   the first subscriber and cleared together when the last one leaves or the source ends.
/// - A subscriber that leaves only counts against the connection it joined (`leave` compares connections), so a
///   late disposal of an earlier connection's subscriber never ends a later connection.
/// - The source is subscribed once per connection (`isConnectStarted`), by the first of its subscribers that finds,
///   after joining the hub, that the connection is still current and unstarted and that it is itself still active;
///   it is never subscribed while the lock is held. Every subscriber checks, not only the one that created the
///   connection: that one may be disposed from another thread before it checks, while a second one joins.
final class ShareWhileConnectedStorage<Memory: SubjectMemory>: @unchecked Sendable {
    /// The word of `lock`, in this object's own memory rather than a heap cell of its own (see
    /// ``InlineWord``): one allocation fewer. Must stay the first stored property.
    var words = InlineWord()
    let live = LiveResource()
    typealias Element = Memory.Element

    let source: Observable<Element>
    let makeMemory: () -> Memory
    var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`.
    @exclusivity(unchecked) var hub: SubjectHub<Memory>?
    @exclusivity(unchecked) var connection: Lifetime?
    @exclusivity(unchecked) var subscribers = 0
    /// Whether a subscriber has started running the source for `connection`.
    @exclusivity(unchecked) var isConnectStarted = false
    #if DEBUG
        /// Tests only, set before the first subscription: runs on a subscribing thread between its joining the
        /// connection and its joining the hub, the window in which another thread can dispose the subscriber that
        /// created the connection and a second one can join. No user callback runs there, so a regression test
        /// cannot force that interleaving otherwise.
        var afterJoiningForTesting: (() -> Void)?
    #endif

    init(source: Observable<Element>, makeMemory: @escaping () -> Memory) {
        self.source = source
        self.makeMemory = makeMemory
        assertFirstStoredProperty(of: self, &words)
    }

    func subscribe(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
        lock.lock()
        let hub: SubjectHub<Memory>
        let connection: Lifetime
        if let currentHub = self.hub, let currentConnection = self.connection {
            (hub, connection) = (currentHub, currentConnection)
        } else {
            (hub, connection) = (SubjectHub.make(memory: makeMemory()), Lifetime())
            self.hub = hub
            self.connection = connection
            isConnectStarted = false
        }
        subscribers += 1
        lock.unlock()
        #if DEBUG
            afterJoiningForTesting?()
        #endif
        lifetime.insert(ShareSubscription(state: self, connection: connection))
        hub.subscribe(sink, lifetime)
        // A subscriber that ended before it joined (disposed, or under a disposed ancestor) starts nothing: the hub
        // dropped it, and its lifetime's end leaves the connection. See the type's invariants for why every
        // subscriber checks.
        lock.lock()
        let needsConnect = self.connection === connection && !isConnectStarted && lifetime.isActive
        if needsConnect { isConnectStarted = true }
        lock.unlock()
        if needsConnect { connect(hub, connection) }
    }

    /// Runs the source into `hub` for `connection`. On its end the connection is cleared first, so a subscriber
    /// arriving from then on starts the source again with a fresh hub.
    func connect(_ hub: SubjectHub<Memory>, _ connection: Lifetime) {
        source.runSubscription(
            { [self] event in
                if case .next = event {
                    if connection.isActive { hub.on(event) }
                    return
                }
                guard connection.beginStop() else { return }
                clear(connection)
                hub.on(event)
                connection.dispose()
            }, connection)
    }

    /// Forgets `connection` if it is still the current one.
    func clear(_ connection: Lifetime) {
        lock.lock()
        if self.connection === connection {
            self.connection = nil
            hub = nil
            subscribers = 0
        }
        lock.unlock()
    }

    /// One subscriber of `connection` left; the last one to leave ends the connection, stopping the source.
    func leave(_ connection: Lifetime) {
        lock.lock()
        guard self.connection === connection else {
            lock.unlock()
            return
        }
        subscribers -= 1
        if subscribers > 0 {
            lock.unlock()
            return
        }
        self.connection = nil
        hub = nil
        lock.unlock()
        connection.dispose()
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
