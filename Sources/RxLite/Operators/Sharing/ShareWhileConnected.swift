/// The storage of `share(replay:scope: .whileConnected)`: one connection to the source, shared by every current
/// subscriber through a subject hub made fresh for each connection.
///
/// It does what `replay(_:).refCount()` (or `publish().refCount()`) does, in one object: `Driver` and `Signal`
/// share after every conversion and stateful operator, so this sits on their path often.
///
/// Invariants:
/// - Under the lock: `hub`, `connection` and `subscribers` describe the current connection; they are set together by
///   the first subscriber and cleared together when the last one leaves or the source ends.
/// - A subscriber that leaves only counts against the connection it joined (`leave` compares connections), so a
///   late disposal of an earlier connection's subscriber never ends a later connection.
/// - The source is subscribed once per connection (`isConnectStarted`), by the first of its subscribers that finds,
///   after joining the hub, that the connection is still current and unstarted and that it is itself still active;
///   it is never subscribed while the lock is held. Every subscriber checks, not only the one that created the
///   connection: that one may be disposed from another thread before it checks, while a second one joins.
final class ShareWhileConnectedStorage<Memory: SubjectMemory>: LockedBuffer<ShareState<Memory>> {
    typealias Element = Memory.Element

    /// The storage sharing `source`, each connection through a hub with a fresh `makeMemory()`. The tail: the lock,
    /// then the ``ShareFields``.
    static func make(source: Observable<Element>, makeMemory: @escaping () -> Memory) -> ShareWhileConnectedStorage {
        let storage = make(words: 1 + tailWords(for: ShareFields<Memory>.self), state: ShareState())
        storage.placeFields(ShareFields(source: source, makeMemory: makeMemory), at: 1)
        return storage
    }

    deinit {
        removeFields(at: 1, as: ShareFields<Memory>.self)
    }

    /// What it was made with, read without the lock.
    @inline(__always)
    var fields: UnsafeMutablePointer<ShareFields<Memory>> { fields(at: 1, as: ShareFields<Memory>.self) }

    #if DEBUG
        /// Tests only, set before the first subscription: runs on a subscribing thread between its joining the
        /// connection and its joining the hub, the window in which another thread can dispose the subscriber that
        /// created the connection and a second one can join. No user callback runs there, so a regression test
        /// cannot force that interleaving otherwise.
        var afterJoiningForTesting: (() -> Void)? {
            get { fields.pointee.afterJoiningForTesting }
            set { fields.pointee.afterJoiningForTesting = newValue }
        }
    #endif

    func subscribe(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
        let state = state
        lock.lock()
        let hub: SubjectHub<Memory>
        let connection: Lifetime
        if let currentHub = state.pointee.hub, let currentConnection = state.pointee.connection {
            (hub, connection) = (currentHub, currentConnection)
        } else {
            // The memory is made holding the lock: `makeMemory` is RxLite's own (an empty memory of the kind the
            // `share` asked for), never user code.
            (hub, connection) = (SubjectHub.make(memory: fields.pointee.makeMemory()), Lifetime())
            state.pointee.hub = hub
            state.pointee.connection = connection
            state.pointee.isConnectStarted = false
        }
        state.pointee.subscribers += 1
        lock.unlock()
        #if DEBUG
            fields.pointee.afterJoiningForTesting?()
        #endif
        lifetime.insert(ShareSubscription(state: self, connection: connection))
        hub.subscribe(sink, lifetime)
        // A subscriber that ended before it joined (disposed, or under a disposed ancestor) starts nothing: the hub
        // dropped it, and its lifetime's end leaves the connection. See the type's invariants for why every
        // subscriber checks.
        lock.lock()
        let needsConnect =
            state.pointee.connection === connection && !state.pointee.isConnectStarted && lifetime.isActive
        if needsConnect { state.pointee.isConnectStarted = true }
        lock.unlock()
        if needsConnect { connect(hub, connection) }
    }

    /// Runs the source into `hub` for `connection`. On its end the connection is cleared first, so a subscriber
    /// arriving from then on starts the source again with a fresh hub.
    func connect(_ hub: SubjectHub<Memory>, _ connection: Lifetime) {
        fields.pointee.source.runSubscription(
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
        let state = state
        lock.lock()
        if state.pointee.connection === connection {
            state.pointee.connection = nil
            state.pointee.hub = nil
            state.pointee.subscribers = 0
        }
        lock.unlock()
    }

    /// One subscriber of `connection` left; the last one to leave ends the connection, stopping the source.
    func leave(_ connection: Lifetime) {
        let state = state
        lock.lock()
        guard state.pointee.connection === connection else {
            lock.unlock()
            return
        }
        state.pointee.subscribers -= 1
        if state.pointee.subscribers > 0 {
            lock.unlock()
            return
        }
        state.pointee.connection = nil
        // Released after the lock: the hub's deinit lets its observers go.
        let hub = state.pointee.hub.take()
        lock.unlock()
        connection.dispose()
        _ = hub
    }
}

/// The state of a ``ShareWhileConnectedStorage``, under its lock: the current connection.
struct ShareState<Memory: SubjectMemory> {
    var hub: SubjectHub<Memory>?
    var connection: Lifetime?
    var subscribers = 0
    /// Whether a subscriber has started running the source for `connection`.
    var isConnectStarted = false
}

/// What a ``ShareWhileConnectedStorage`` was made with, read without the lock, in its tail.
struct ShareFields<Memory: SubjectMemory> {
    let live = LiveResource()
    let source: Observable<Memory.Element>
    let makeMemory: () -> Memory
    #if DEBUG
        /// See ``ShareWhileConnectedStorage/afterJoiningForTesting``.
        var afterJoiningForTesting: (() -> Void)?
    #endif

    init(source: Observable<Memory.Element>, makeMemory: @escaping () -> Memory) {
        self.source = source
        self.makeMemory = makeMemory
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
