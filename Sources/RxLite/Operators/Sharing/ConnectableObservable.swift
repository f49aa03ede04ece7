/// A sequence that starts its source only when ``connect()`` is called, and shares that one run with every
/// subscriber.
public final class ConnectableObservable<Element>: Observable<Element> {
    /// A subject seen from both sides (see ``ConnectableStateMachine/SharedSubject``).
    typealias SharedSubject = ConnectableStateMachine<Element>.SharedSubject

    private let storage: ConnectableStorage<Element>

    init(makeSubject: @escaping () -> SharedSubject) {
        let storage = ConnectableStorage(makeSubject: makeSubject)
        self.storage = storage
        // Subscribes to the shared subject; nothing flows until `connect()`.
        super.init(keptAliveBySubscriptions: true) { sink, lifetime, _ in
            storage.currentSubject().subject.observable.runSubscription(sink, lifetime)
        }
    }

    /// Starts the source, feeding every subscriber; returns the connection, whose disposal stops the source. A
    /// second call while connected returns the same connection.
    ///
    /// When the source ends, the connection (and a subject made per connection) is forgotten *before* subscribers
    /// get the end, as in RxSwift: a subscriber that subscribes or connects again from its `onCompleted` or
    /// `onError` starts a new connection.
    @discardableResult
    public func connect() -> any Disposable {
        storage.connect()
    }

    /// `refCount()` for this connectable (see ``ConnectableStorage/subscribeCounted(_:_:)``).
    func countedBySubscribers() -> Observable<Element> {
        let storage = storage
        return Observable { sink, lifetime, _ in storage.subscribeCounted(sink, lifetime) }
    }
}

/// The storage of a ``ConnectableObservable``: the subject of the current connection, and that connection. Apart from
/// the observable, so that its subscription handler can hold it without holding the observable.
///
/// It also keeps `refCount()`'s subscriber count when the connectable is a ``ConnectableObservable``: counted here,
/// each subscriber is counted for the very subject it subscribes to (one epoch), so the count, the subject and the
/// connection change together under one lock. (``RefCountStorage`` counts for any other connectable, and can only see
/// the subject through `subscribe`.)
///
/// Its state, under a lock, is a ``ConnectableStateMachine`` (whose invariants are this storage's); the storage
/// makes subjects, subscribes, feeds and disposes, never holding the lock while it does.
final class ConnectableStorage<Element> {
    typealias SharedSubject = ConnectableStateMachine<Element>.SharedSubject

    let live = LiveResource()
    /// Makes the subject of each connection: the user's factory, or one handing out a fixed subject.
    let makeSubject: () -> SharedSubject
    let state = Locked(ConnectableStateMachine<Element>())

    /// A storage whose subjects `makeSubject` makes.
    init(makeSubject: @escaping () -> SharedSubject) {
        self.makeSubject = makeSubject
    }

    /// The subject of the current connection and its epoch, made if there is none; with `joining`, counts a
    /// `refCount()` subscriber for it. The factory is the user's (`multicast(makeSubject:)`), so it runs outside the
    /// lock: a factory that takes a lock of its own while another thread holding that lock calls `connect()`
    /// deadlocked here. Two threads may then both make a subject; the first to offer its own wins, and the other's is
    /// dropped unused.
    func currentSubject(joining: Bool = false) -> (subject: SharedSubject, epoch: UInt64) {
        let lookup = state.withLock { $0.subjectRequested(joining: joining) }
        if case .current(let subject, let epoch) = lookup { return (subject, epoch) }
        let made = makeSubject()
        // `made` outlives the lock: when another thread's subject won, it is released here, after it.
        return state.withLock { $0.subjectMade(made, joining: joining) }
    }

    func connect() -> any Disposable {
        var (subject, epoch) = currentSubject()
        while true {
            // The connection feeds the subject that is current when it is made: a connection that ended between
            // `currentSubject()` and here took its subject with it, and feeding that one would leave everyone who
            // subscribes from now on (to the next subject) with a connection that feeds nobody.
            let action = state.withLock { $0.connectRequested(epoch: epoch) }
            switch action {
            case .existing(let connection):
                return connection
            case .feed(let connection):
                feed(subject, connection)
                return connection
            case .retry:
                (subject, epoch) = currentSubject()
            }
        }
    }

    /// Runs the source into `subject` for `connection`, just made for it.
    private func feed(_ subject: SharedSubject, _ connection: Lifetime) {
        connection.insert { [weak self] in self?.connectionEnded(connection) }
        subject.feed(connection) { [weak self] in self?.connectionEnded(connection) }
    }

    /// Forgets `connection` (and its subject) if it is still the current one.
    private func connectionEnded(_ connection: Lifetime) {
        let forgotten = state.withLock { $0.connectionEnded(connection) }
        // Released after the lock: a subject's deinit may run code of the user's.
        _ = forgotten
    }

    /// `refCount()` on this connectable: subscribes `sink` to the current subject, counted for it, and connects that
    /// subject if it has no connection yet. The last subscriber of a subject to leave disposes its connection and
    /// forgets the subject at once, under the lock, so one who arrives during the disposal gets a new subject and a
    /// new connection (RxSwift holds its lock through the disposal, so the newcomer waits instead). When the source
    /// ends the subject is forgotten before its subscribers hear the end, so one who subscribes again from
    /// `onCompleted` or `onError` connects again, as in RxSwift.
    func subscribeCounted(_ sink: EventSink<Element>, _ lifetime: Lifetime) {
        let (subject, epoch) = currentSubject(joining: true)
        lifetime.insert { [self] in leave(epoch) }
        subject.observable.runSubscription(sink, lifetime)
        // Ended already (the subject replayed its end): nothing to connect for.
        guard lifetime.isActive else { return }
        let action = state.withLock { $0.memberSubscribed(epoch: epoch) }
        if case .feed(let connection) = action { feed(subject, connection) }
    }

    /// A `refCount()` subscriber of the subject of `epoch` left.
    private func leave(_ epoch: UInt64) {
        let action = state.withLock { state in
            let action = state.memberLeft(epoch: epoch)
            // Silenced now, disposed below: a newcomer may connect at once, and with one subject for every
            // connection (`multicast(_:)`, `share(scope: .forever)`) this one must not feed it alongside the next.
            if case .disconnect(let connection, _) = action { _ = connection.beginStop() }
            return action
        }
        // The forgotten subject is released after the disposal, outside the lock.
        if case .disconnect(let connection, _) = action { connection.dispose() }
    }
}
