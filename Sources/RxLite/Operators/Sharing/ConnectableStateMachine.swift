/// The logic of a ``ConnectableObservable`` (``ConnectableStorage``), without locks or deliveries: its current
/// subject, the connection feeding it, and the subscribers that its `refCount()` counts for it.
///
/// Subjects come from the user's factory, which runs outside the lock: the caller asks for the current subject
/// (``subjectRequested(joining:)``), makes one when there is none, and offers it (``subjectMade(_:joining:)``); when
/// two threads race, the first offer wins. A connection feeds the subject that is current when it is made
/// (``connectRequested(epoch:)``, ``memberSubscribed(epoch:)``), and ends with its
/// source or its disposal (``connectionEnded(_:)``), or when the subject's last `refCount()` subscriber leaves
/// (``memberLeft(epoch:)``). Either end forgets the subject as well, so the next subscriber or `connect()` makes a new
/// one (a `multicast(_:)` factory hands out the same subject every time).
///
/// The epoch names the current subject: it counts the subjects forgotten so far. A caller holding a subject it got
/// earlier names it by its epoch, so that nothing it reports counts against a later subject.
///
/// Invariants (debug builds check them after every transition):
/// - A connection exists only with the subject it feeds (`connected` holds both).
/// - `members` is never negative: each `refCount()` subscriber is counted once, for the subject of its epoch, and
///   leaves once; a later epoch's count starts at zero, and a subscriber of an earlier one changes nothing.
/// - `epoch` grows by one exactly when a subject is forgotten.
///
/// Its `init` and the transitions of every subscription are always inlined: its storage holds it in a `Locked`, and
/// code compiled once looks up a generic struct's metadata to call one of its methods.
struct ConnectableStateMachine<Element> {
    /// A subject seen from both sides: `observable` for subscribers, `feed` to run the source into it for a
    /// connection, calling its second argument when the source ends, before the subject hears of it.
    ///
    /// A struct, not a tuple: a tuple holding a function, handed to generic code (a lock's `withLock`, an optional),
    /// has its function wrapped in a reabstraction thunk, one allocation each time.
    struct SharedSubject {
        let observable: Observable<Element>
        let feed: (Lifetime, @escaping () -> Void) -> Void
    }

    enum State {
        /// No subject: the next subscriber or `connect()` makes one.
        case noSubject
        /// The current subject, with `members` `refCount()` subscribers, not fed.
        case subject(SharedSubject, members: Int)
        /// The current subject, fed by `connection`, with `members` `refCount()` subscribers.
        case connected(SharedSubject, members: Int, connection: Lifetime)
    }

    /// The current subject, or what to do for one.
    enum SubjectLookup {
        /// The current subject, and its epoch.
        case current(SharedSubject, epoch: UInt64)
        /// There is none: make one (outside the lock) and offer it to ``subjectMade(_:joining:)``.
        case make
    }

    /// What `connect()` does.
    enum ConnectAction {
        /// Runs the source into the subject for this new connection (after the lock), and returns it.
        case feed(Lifetime)
        /// Returns the current connection.
        case existing(Lifetime)
        /// The subject it got was forgotten meanwhile: asks for the current one and tries again.
        case retry
    }

    /// What a `refCount()` subscriber does once it has subscribed to its subject.
    enum SubscribedAction {
        /// Runs the source into its subject for this new connection (after the lock).
        case feed(Lifetime)
        /// Nothing: the subject is fed already, was forgotten, or has no subscriber left.
        case none
    }

    /// What the storage does when a `refCount()` subscriber leaves.
    enum LeftAction {
        /// The last subscriber of a fed subject left, and both are forgotten. The storage silences `connection`
        /// (`beginStop()`) before it releases the lock, so that it feeds nothing more once a newcomer can connect
        /// (with one subject for every connection, both would feed it); then disposes it and releases `subject`.
        case disconnect(Lifetime, forgotten: SharedSubject)
        /// Nothing: others are still subscribed, the subject is not fed, or the subscriber's subject was forgotten.
        case none
    }

    /// How many subjects were forgotten: the epoch of the current one.
    private(set) var epoch: UInt64 = 0
    private(set) var state: State = .noSubject

    @inline(__always)
    init() {}

    /// A subscriber, or `connect()`, asks for the current subject; `joining` counts a `refCount()` subscriber for it.
    @inline(__always)
    mutating func subjectRequested(joining: Bool) -> SubjectLookup {
        defer { _checkInvariants() }
        switch state {
        case .noSubject:
            return .make
        case .subject(let subject, let members):
            if joining { state = .subject(subject, members: members + 1) }
            return .current(subject, epoch: epoch)
        case .connected(let subject, let members, let connection):
            if joining { state = .connected(subject, members: members + 1, connection: connection) }
            return .current(subject, epoch: epoch)
        }
    }

    /// After ``SubjectLookup/make``: the caller made `made`, which becomes the current subject unless another offer
    /// came first (the caller then drops `made`, after the lock). Returns the current subject and its epoch; `joining`
    /// counts a `refCount()` subscriber for it.
    mutating func subjectMade(_ made: SharedSubject, joining: Bool) -> (subject: SharedSubject, epoch: UInt64) {
        if case .noSubject = state { state = .subject(made, members: 0) }
        guard case .current(let subject, let epoch) = subjectRequested(joining: joining) else {
            preconditionFailure("Internal inconsistency: a connectable has no subject right after one was made")
        }
        return (subject, epoch)
    }

    /// `connect()`, for the subject of `epoch` it got: the current connection if there is one, else a new one for
    /// that subject (a lifetime: making it runs no user code), unless the subject was forgotten meanwhile.
    mutating func connectRequested(epoch: UInt64) -> ConnectAction {
        defer { _checkInvariants() }
        switch state {
        case .connected(_, _, let connection):
            return .existing(connection)
        case .noSubject:
            guard epoch != self.epoch else {
                preconditionFailure("Internal inconsistency: connect() got a subject the connectable never had")
            }
            return .retry
        case .subject(let subject, let members):
            guard epoch == self.epoch else { return .retry }
            let connection = Lifetime.make()
            state = .connected(subject, members: members, connection: connection)
            return .feed(connection)
        }
    }

    /// A `refCount()` subscriber of the subject of `epoch` subscribed to it and is still active: the subject is fed
    /// if it is still current, has subscribers and no connection, by a new one.
    @inline(__always)
    mutating func memberSubscribed(epoch: UInt64) -> SubscribedAction {
        guard epoch == self.epoch else { return .none }
        defer { _checkInvariants() }
        switch state {
        case .noSubject:
            preconditionFailure("Internal inconsistency: a refCount() subscriber's subject is current and missing")
        case .connected:
            return .none
        case .subject(let subject, let members):
            // Everyone left while this one subscribed: nothing to connect for.
            guard members > 0 else { return .none }
            let connection = Lifetime.make()
            state = .connected(subject, members: members, connection: connection)
            return .feed(connection)
        }
    }

    /// `connection` ended: its source ended, or it was disposed. If it is the current one, it and its subject are
    /// forgotten; returns the subject then, for the caller to release after the lock.
    @inline(__always)
    mutating func connectionEnded(_ connection: Lifetime) -> SharedSubject? {
        guard case .connected(let subject, _, let current) = state, current === connection else { return nil }
        forget()
        return subject
    }

    /// A `refCount()` subscriber of the subject of `epoch` left. The last one to leave a fed subject ends its
    /// connection and forgets both, at once, so that a newcomer gets a new subject and a new connection.
    @inline(__always)
    mutating func memberLeft(epoch: UInt64) -> LeftAction {
        guard epoch == self.epoch else { return .none }
        defer { _checkInvariants() }
        switch state {
        case .noSubject:
            preconditionFailure("Internal inconsistency: a refCount() subscriber left a subject that is not there")
        case .subject(let subject, let members):
            state = .subject(subject, members: members - 1)
            return .none
        case .connected(let subject, let members, let connection):
            guard members == 1 else {
                state = .connected(subject, members: members - 1, connection: connection)
                return .none
            }
            forget()
            return .disconnect(connection, forgotten: subject)
        }
    }

    /// Forgets the subject and its connection: the next subscriber or `connect()` makes a new subject, whose
    /// subscribers count afresh.
    private mutating func forget() {
        state = .noSubject
        epoch &+= 1
        _checkInvariants()
    }

    /// Debug builds: traps when a subject counts fewer than zero `refCount()` subscribers.
    func _checkInvariants() {
        #if DEBUG
            switch state {
            case .noSubject:
                break
            case .subject(_, let members), .connected(_, let members, _):
                precondition(members >= 0, "Internal inconsistency: a connectable's subject counts \(members) members")
            }
        #endif
    }
}
