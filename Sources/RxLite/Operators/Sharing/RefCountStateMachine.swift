/// The logic of `refCount()` over a connectable other than a ``ConnectableObservable`` (``RefCountStorage``), without
/// locks or deliveries: how many subscribers share the connection, who connects, who disconnects, and who waits for a
/// disconnection to finish.
///
/// Subscribers are counted in generations: a generation ends when its last subscriber leaves or when its source ends,
/// and what a subscriber reports counts only in its own generation. The connectable's `connect()` is the user's code,
/// so a subscriber asks (``connectionNeeded(generation:)``), connects outside the lock, and reports what it got
/// (``connected(_:generation:endedBefore:)``). A connection is disposed outside the lock too: a subscriber that
/// arrives meanwhile waits (``subscriberArrived(_:_:)``) until the disposal is over (``disconnected()``), since,
/// subscribed before, it could get the ending connection's subject and miss everything the next connection sends.
/// RxSwift keeps its lock through the disposal instead, so the joiner blocks; here it returns at once and is fed
/// from the next connection on.
///
/// Invariants (debug builds check them after every transition):
/// - `count` and `disconnecting` are never negative.
/// - A connection is kept only while its generation has subscribers: the last one to leave takes it, and so does
///   the end of the source.
/// - Subscribers wait only while a disconnection runs: the last disconnection to finish hands them all back.
struct RefCountStateMachine<Element> {
    /// A subscriber that arrived while a connection was being disposed, to subscribe once the disposal is over.
    struct Waiter {
        let sink: EventSink<Element>
        let lifetime: Lifetime
        /// The generation it was counted in.
        let generation: UInt64
    }

    /// What a subscriber does on arrival; either way it is counted in `generation`.
    enum ArrivalAction {
        /// Subscribes to the connectable now, then connects if needed.
        case subscribe(generation: UInt64)
        /// Waits: a disconnection runs, and ``disconnected()`` hands it back once it is over.
        case wait(generation: UInt64)

        /// The generation the subscriber was counted in.
        var generation: UInt64 {
            switch self {
            case .subscribe(let generation), .wait(let generation): generation
            }
        }
    }

    /// Whether a subscriber connects.
    enum ConnectCheck {
        /// Connects: its generation has subscribers and no connection. `endedBefore` goes back to
        /// ``connected(_:generation:endedBefore:)``.
        case connect(endedBefore: UInt64)
        /// Does not: its generation is over, or is connected.
        case none
    }

    /// What a subscriber does with the connection it got.
    enum ConnectedAction {
        /// Nothing: the connection is kept for its generation.
        case kept
        /// Connects again: a connection ended while it connected, and it may have got that one.
        case retry
        /// Disposes the connection, then reports ``disconnected()``: everyone left while it connected.
        case drop
        /// Nothing: a later generation connects for itself (getting this connection while it lasts).
        case done
    }

    /// What the storage does when a subscriber leaves.
    enum LeftAction {
        /// Disposes the connection, then reports ``disconnected()``: the last subscriber left.
        case disconnect(any Disposable)
        /// Nothing: others are still subscribed, the generation has no connection, or it is over.
        case none
    }

    /// Subscribers counted in the current generation.
    private(set) var count = 0
    /// The connection the current generation keeps.
    private(set) var connection: (any Disposable)?
    /// Names the current generation: the number of generations that ended.
    private(set) var generation: UInt64 = 0
    /// How many connections ended, by their source's end or by the last subscriber's leaving (counted once its
    /// disposal returned). `connect()` hands out the current connection while it lasts, so a subscriber connecting
    /// while one ends may get that one: it keeps what it got only if none ended meanwhile, else it connects again.
    /// Keeping a finished connection made every later subscriber find one, never connect, and get nothing.
    private(set) var connectionsEnded: UInt64 = 0
    /// Disconnections being run by the storage (a `.disconnect` or a `.drop` not yet reported over).
    private(set) var disconnecting = 0
    /// Subscribers that arrived while `disconnecting > 0`: counted, not yet subscribed.
    private(set) var waiting: [Waiter] = []

    init() {}

    /// A subscriber arrives, with the sink and lifetime of its subscription.
    mutating func subscriberArrived(_ sink: EventSink<Element>, _ lifetime: Lifetime) -> ArrivalAction {
        defer { _checkInvariants() }
        count += 1
        guard disconnecting == 0 else {
            waiting.append(Waiter(sink: sink, lifetime: lifetime, generation: generation))
            return .wait(generation: generation)
        }
        return .subscribe(generation: generation)
    }

    /// A subscriber of `generation` subscribed to the connectable (or tries again): whether it connects.
    func connectionNeeded(generation: UInt64) -> ConnectCheck {
        guard count > 0, connection == nil, self.generation == generation else { return .none }
        return .connect(endedBefore: connectionsEnded)
    }

    /// The subscriber of `generation` that connected got `connection`, having seen `endedBefore` connections end
    /// before it connected.
    mutating func connected(_ connection: any Disposable, generation: UInt64, endedBefore: UInt64) -> ConnectedAction {
        defer { _checkInvariants() }
        // Only a subscriber of the current subscribers' generation keeps a connection: it subscribed before it
        // connected, so it hears that connection's end and ends the generation. One kept for later subscribers could
        // end unheard by them, and they would wait for it forever.
        if self.connection == nil, count > 0, self.generation == generation {
            guard connectionsEnded == endedBefore else { return .retry }
            self.connection = connection
            return .kept
        }
        guard count == 0 else { return .done }
        // Everyone left while this one connected: it drops the connection, as the last one to leave would have.
        disconnecting += 1
        return .drop
    }

    /// The source ended for the subscribers of `generation` (the first of them to hear it reports it): the
    /// generation is over. Returns its connection, for the caller to dispose after the lock.
    mutating func sourceEnded(generation: UInt64) -> (any Disposable)? {
        guard generation == self.generation else { return nil }
        defer { _checkInvariants() }
        count = 0
        self.generation &+= 1
        connectionsEnded &+= 1
        return connection.take()
    }

    /// A subscriber of `generation` left. The last one ends the generation, and its connection with it.
    mutating func subscriberLeft(generation: UInt64) -> LeftAction {
        guard generation == self.generation else { return .none }
        defer { _checkInvariants() }
        count -= 1
        guard count == 0 else { return .none }
        self.generation &+= 1
        guard let connection = connection.take() else { return .none }
        disconnecting += 1
        return .disconnect(connection)
    }

    /// A disconnection (after `.disconnect` or `.drop`) is over. When it was the last one running, returns the
    /// subscribers that waited for it, for the caller to subscribe after the lock (each connects for itself).
    mutating func disconnected() -> [Waiter] {
        defer { _checkInvariants() }
        guard disconnecting > 0 else {
            preconditionFailure("Internal inconsistency: refCount() finished a disconnection it did not start")
        }
        connectionsEnded &+= 1
        disconnecting -= 1
        guard disconnecting == 0 else { return [] }
        defer { waiting = [] }
        return waiting
    }

    /// Debug builds: traps when a count is negative, a connection is kept for nobody, or a subscriber waits for no
    /// disconnection.
    func _checkInvariants() {
        #if DEBUG
            precondition(count >= 0, "Internal inconsistency: refCount() counts \(count) subscribers")
            precondition(disconnecting >= 0, "Internal inconsistency: refCount() runs \(disconnecting) disconnections")
            precondition(
                connection == nil || count > 0, "Internal inconsistency: refCount() keeps a connection for nobody")
            precondition(
                waiting.isEmpty || disconnecting > 0,
                "Internal inconsistency: refCount() keeps subscribers waiting for no disconnection")
        #endif
    }
}
