/// The logic of `share(replay:scope: .whileConnected)` (``ShareWhileConnectedStorage``), without locks or
/// deliveries: which connection a subscriber joins, which subscriber starts the source for it, and when it ends.
///
/// A connection is a subject hub and the lifetime of one run of the source into it. A subscriber arrives
/// (``subscriberArrived(makingConnection:)``, which makes the connection when there is none), joins the hub outside
/// the lock, then reports that it joined (``subscriberJoined(_:isActive:)``): the first one still active starts the
/// source. The connection ends when its last subscriber leaves (``subscriberLeft(_:)``: the caller disposes it) or
/// when the source ends (``sourceEnded(_:)``: the next subscriber makes a new one).
///
/// Every subscriber of a connection that has not started asks to start it, not only the one that made it: that one
/// may be disposed from another thread after it arrived, while a second one arrives and joins.
///
/// Invariants (debug builds check them after every transition):
/// - A current connection has at least one subscriber: the last one to leave ends it.
/// - The source is started at most once per connection: only `connecting` moves to `running`, and no transition
///   leads back from `running` to `connecting` for the same connection.
/// - A transition that names a connection (`subscriberJoined`, `subscriberLeft`, `sourceEnded`) changes nothing
///   unless it is the current one: a late disposal of an earlier connection's subscriber never ends a later
///   connection.
///
/// Its `init` and the transitions of every subscription are always inlined: its storage holds it in a `Locked`, and
/// code compiled once looks up a generic struct's metadata to call one of its methods.
struct ShareStateMachine<Memory: SubjectMemory> {
    /// One run of the source, shared through `hub`.
    struct Connection {
        let hub: SubjectHub<Memory>
        /// The lifetime of the run; its identity names the connection.
        let lifetime: Lifetime
    }

    enum State {
        /// No connection: the next subscriber makes one.
        case idle
        /// `subscribers` arrived for `connection`, and none of them has started the source yet.
        case connecting(Connection, subscribers: Int)
        /// The source runs into the connection's hub, shared by `subscribers`.
        case running(Connection, subscribers: Int)
    }

    /// What a subscriber that joined the hub does.
    enum JoinedAction {
        /// Starts the source for the connection: the first active subscriber to join it.
        case startSource
        /// Nothing: the source runs already, the connection is over, or the subscriber ended while joining.
        case none
    }

    /// What the storage does when a subscriber leaves.
    enum LeftAction {
        /// Disposes the connection's lifetime (stopping the source) and releases its hub, after the lock.
        case disconnect(Connection)
        /// Nothing: others still share the connection, or it is no longer the current one.
        case none
    }

    private(set) var state: State = .idle

    @inline(__always)
    init() {}

    /// A subscriber arrives. Returns the connection it joins: the current one, or, when there is none, the one that
    /// `makeConnection` makes (a hub and a lifetime: RxLite's own objects, no user code), which becomes current.
    @inline(__always)
    mutating func subscriberArrived(makingConnection makeConnection: () -> Connection) -> Connection {
        defer { _checkInvariants() }
        switch state {
        case .idle:
            let connection = makeConnection()
            state = .connecting(connection, subscribers: 1)
            return connection
        case .connecting(let connection, let subscribers):
            state = .connecting(connection, subscribers: subscribers + 1)
            return connection
        case .running(let connection, let subscribers):
            state = .running(connection, subscribers: subscribers + 1)
            return connection
        }
    }

    /// A subscriber of the connection `lifetime` names has joined its hub; `isActive` says whether the subscription
    /// is still active. The first active subscriber of a current connection not yet started starts it.
    @inline(__always)
    mutating func subscriberJoined(_ lifetime: Lifetime, isActive: Bool) -> JoinedAction {
        guard isActive, case .connecting(let connection, let subscribers) = state, connection.lifetime === lifetime
        else { return .none }
        state = .running(connection, subscribers: subscribers)
        _checkInvariants()
        return .startSource
    }

    /// A subscriber of the connection `lifetime` names left (its subscription ended). The last one to leave the
    /// current connection ends it.
    @inline(__always)
    mutating func subscriberLeft(_ lifetime: Lifetime) -> LeftAction {
        defer { _checkInvariants() }
        let (connection, subscribers, isRunning): (Connection, Int, Bool)
        switch state {
        case .idle: return .none
        case .connecting(let current, let count): (connection, subscribers, isRunning) = (current, count, false)
        case .running(let current, let count): (connection, subscribers, isRunning) = (current, count, true)
        }
        guard connection.lifetime === lifetime else { return .none }
        guard subscribers > 0 else {
            preconditionFailure("Internal inconsistency: a subscriber left a shared connection that had none")
        }
        if subscribers == 1 {
            state = .idle
            return .disconnect(connection)
        }
        state =
            isRunning
            ? .running(connection, subscribers: subscribers - 1) : .connecting(connection, subscribers: subscribers - 1)
        return .none
    }

    /// The source of the connection `lifetime` names ended. If it is the current connection, it is forgotten, so
    /// that the next subscriber makes a new one; returns it then, for the caller to release after the lock.
    mutating func sourceEnded(_ lifetime: Lifetime) -> Connection? {
        defer { _checkInvariants() }
        switch state {
        case .idle:
            return nil
        case .connecting(let connection, _):
            // The source of a connection starts with the move to `running`: until then it cannot end.
            guard connection.lifetime !== lifetime else {
                preconditionFailure("Internal inconsistency: the source of a shared connection ended before it started")
            }
            return nil
        case .running(let connection, _):
            guard connection.lifetime === lifetime else { return nil }
            state = .idle
            return connection
        }
    }

    /// Debug builds: traps unless a current connection has a subscriber.
    func _checkInvariants() {
        #if DEBUG
            switch state {
            case .idle:
                break
            case .connecting(_, let subscribers), .running(_, let subscribers):
                precondition(subscribers > 0, "Internal inconsistency: a shared connection is kept for no subscriber")
            }
        #endif
    }
}
