/// A sequence that starts its source only when ``connect()`` is called, and shares that one run with every
/// subscriber.
public final class ConnectableObservable<Element>: Observable<Element> {
    /// A subject seen from both sides (see ``ConnectableStateMachine/SharedSubject``).
    typealias SharedSubject = ConnectableStateMachine<Element>.SharedSubject

    private let storage: ConnectableStorage<Element>

    init(makeSubject: @escaping () -> SharedSubject) {
        let storage = ConnectableStorage.make(makeSubject: makeSubject)
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
/// Its state, under the lock, is a ``ConnectableStateMachine`` (whose invariants are this storage's); the storage
/// makes subjects, subscribes, feeds and disposes, never holding the lock while it does. The tail: the lock, then the
/// ``ConnectableFields``.
final class ConnectableStorage<Element>: LockedBuffer<ConnectableStateMachine<Element>> {
    typealias SharedSubject = ConnectableStateMachine<Element>.SharedSubject

    /// A storage whose subjects `makeSubject` makes.
    static func make(makeSubject: @escaping () -> SharedSubject) -> ConnectableStorage {
        let storage = make(words: 1 + tailWords(for: ConnectableFields<Element>.self), state: ConnectableStateMachine())
        storage.placeFields(ConnectableFields(makeSubject: makeSubject), at: 1)
        return storage
    }

    deinit {
        removeFields(at: 1, as: ConnectableFields<Element>.self)
    }

    /// What it was made with, read without the lock.
    @inline(__always)
    var fields: UnsafeMutablePointer<ConnectableFields<Element>> { fields(at: 1, as: ConnectableFields<Element>.self) }

    /// The subject of the current connection and its epoch, made if there is none; with `joining`, counts a
    /// `refCount()` subscriber for it. The factory is the user's (`multicast(makeSubject:)`), so it runs outside the
    /// lock: a factory that takes a lock of its own while another thread holding that lock calls `connect()`
    /// deadlocked here. Two threads may then both make a subject; the first to offer its own wins, and the other's is
    /// dropped unused.
    func currentSubject(joining: Bool = false) -> (subject: SharedSubject, epoch: UInt64) {
        let lookup = withLock { $0.subjectRequested(joining: joining) }
        if case .current(let subject, let epoch) = lookup { return (subject, epoch) }
        let made = fields.pointee.makeSubject()
        // `made` outlives the lock: when another thread's subject won, it is released here, after it.
        return withLock { $0.subjectMade(made, joining: joining) }
    }

    func connect() -> any Disposable {
        var (subject, epoch) = currentSubject()
        while true {
            // The connection feeds the subject that is current when it is made: a connection that ended between
            // `currentSubject()` and here took its subject with it, and feeding that one would leave everyone who
            // subscribes from now on (to the next subject) with a connection that feeds nobody.
            let action = withLock { $0.connectRequested(epoch: epoch) }
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
        let forgotten = withLock { $0.connectionEnded(connection) }
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
        let action = withLock { $0.memberSubscribed(epoch: epoch) }
        if case .feed(let connection) = action { feed(subject, connection) }
    }

    /// A `refCount()` subscriber of the subject of `epoch` left.
    private func leave(_ epoch: UInt64) {
        let action = withLock { state in
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

/// What a ``ConnectableStorage`` was made with, read without the lock, in its tail.
struct ConnectableFields<Element> {
    let live = LiveResource()
    /// Makes the subject of each connection: the user's factory, or one handing out a fixed subject.
    let makeSubject: () -> ConnectableStateMachine<Element>.SharedSubject

    init(makeSubject: @escaping () -> ConnectableStateMachine<Element>.SharedSubject) {
        self.makeSubject = makeSubject
    }
}

/// The subscriber count behind `refCount()` over a connectable other than a ``ConnectableObservable`` (which counts
/// its own: ``ConnectableStorage/subscribeCounted(_:_:)``).
///
/// Its state, under the lock, is a ``RefCountStateMachine`` (whose invariants are this storage's, and which says why
/// a subscriber may wait); the storage subscribes, connects and disposes, never holding the lock while it does. The
/// tail: the lock, then the ``RefCountFields``.
final class RefCountStorage<Element>: LockedBuffer<RefCountStateMachine<Element>> {
    /// A storage counting the subscribers of `connectable`.
    static func make(connectable: any ConnectableObservableType<Element>) -> RefCountStorage {
        let storage = make(words: 1 + tailWords(for: RefCountFields<Element>.self), state: RefCountStateMachine())
        storage.placeFields(RefCountFields(connectable: connectable), at: 1)
        return storage
    }

    deinit {
        removeFields(at: 1, as: RefCountFields<Element>.self)
    }

    /// What it was made with, read without the lock.
    @inline(__always)
    var fields: UnsafeMutablePointer<RefCountFields<Element>> { fields(at: 1, as: RefCountFields<Element>.self) }

    /// `refCount()` over `connectable`. The handler is formed here, where the generic context is `Element` alone:
    /// formed in the protocol extension it would capture the connectable's type and conformance, one allocation more
    /// for every `refCount()`.
    static func observable(counting connectable: any ConnectableObservableType<Element>) -> Observable<Element> {
        let storage = make(connectable: connectable)
        return Observable { sink, lifetime, _ in storage.subscribe(sink, lifetime) }
    }

    func subscribe(_ sink: EventSink<Element>, _ lifetime: Lifetime) {
        let arrival = withLock { $0.subscriberArrived(sink, lifetime) }
        let generation = arrival.generation
        lifetime.insert { [self] in leave(generation) }
        if case .subscribe = arrival { start(sink, lifetime, generation) }
    }

    /// Subscribes a counted subscriber of `generation` to the connectable, and connects for it if needed.
    private func start(_ sink: EventSink<Element>, _ lifetime: Lifetime, _ generation: UInt64) {
        guard lifetime.isActive else { return }
        fields.pointee.connectable.asObservable().runSubscription(
            RefCountSubscriberSink(storage: self, generation: generation, downstream: sink), lifetime)
        connectIfNeeded(generation)
    }

    /// Connects for the subscribers of `generation` unless they have a connection.
    private func connectIfNeeded(_ generation: UInt64) {
        while true {
            guard case .connect(let endedBefore) = withLock({ $0.connectionNeeded(generation: generation) }) else {
                return
            }
            let connection = fields.pointee.connectable.connect()
            switch withLock({ $0.connected(connection, generation: generation, endedBefore: endedBefore) }) {
            case .kept, .done: return
            case .drop: return disconnect(connection)
            case .retry: continue
            }
        }
    }

    /// The source ended for the subscribers of `generation`: the first of them to hear it ends that connection.
    func sourceEnded(_ generation: UInt64) {
        withLock { $0.sourceEnded(generation: generation) }?.dispose()
    }

    /// A subscriber of `generation` left; the last one disconnects.
    private func leave(_ generation: UInt64) {
        if case .disconnect(let connection) = withLock({ $0.subscriberLeft(generation: generation) }) {
            disconnect(connection)
        }
    }

    /// Disposes `connection`, then subscribes whoever arrived meanwhile; each connects for itself.
    private func disconnect(_ connection: any Disposable) {
        connection.dispose()
        for waiter in withLock({ $0.disconnected() }) { start(waiter.sink, waiter.lifetime, waiter.generation) }
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

/// A connectable's feed into a subject of RxLite's own (``Observable/feedSink(connection:beforeEnd:)``) for the
/// connection's lifetime: elements go to the subject's hub as themselves; on the end, `beforeEnd` runs before the
/// subject hears of it.
final class SubjectFeedSink<Memory: SubjectMemory>: EventSink<Memory.Element> {
    /// The subject, kept alive while the connection feeds it: its deinit lets its observers go, and `beforeEnd` may
    /// release the connectable's last reference to it before the end reaches them.
    let subject: AnyObject
    let hub: SubjectHub<Memory>
    let connection: Lifetime
    let beforeEnd: () -> Void

    init(subject: AnyObject, hub: SubjectHub<Memory>, connection: Lifetime, beforeEnd: @escaping () -> Void) {
        self.subject = subject
        self.hub = hub
        self.connection = connection
        self.beforeEnd = beforeEnd
    }

    override func on(next element: Memory.Element) {
        if connection.isActive { hub.on(next: element) }
    }

    override func on(error: any Error) { end(.error(error)) }

    override func onCompleted() { end(.completed) }

    private func end(_ event: Event<Memory.Element>) {
        guard connection.beginStop() else { return }
        beforeEnd()
        hub.on(event)
        connection.dispose()
    }
}

/// What a ``RefCountStorage`` was made with, read without the lock, in its tail.
struct RefCountFields<Element> {
    let live = LiveResource()
    /// The connectable, as an existential: its own type would make the storage generic over it, and place it at an
    /// offset known only from that type's metadata.
    let connectable: any ConnectableObservableType<Element>

    init(connectable: any ConnectableObservableType<Element>) {
        self.connectable = connectable
    }
}

extension ObservableType {
    /// Runs this sequence into `observer` for `connection`; on its end, calls `beforeEnd` first.
    private func feed<Observer: ObserverType>(
        _ observer: Observer, _ connection: Lifetime, beforeEnd: @escaping () -> Void
    ) where Observer.Element == Element {
        // Decided once per connection: one of RxLite's subjects takes each element as itself. A cast to the class,
        // not to a protocol: an existential cast searched the conformances, thousands of instructions per connection.
        let sink =
            (observer as? Observable<Element>)?.feedSink(connection: connection, beforeEnd: beforeEnd)
            ?? ObserverLeaf(observer: observer.on, lifetime: connection, beforeEnd: beforeEnd)
        asObservable().runSubscription(sink, connection)
    }

    /// A connectable sequence that shares one run of this sequence through `subject`.
    ///
    /// The subject is the same for every connection: after the source ended, a new subscriber gets what the
    /// subject replays after its end, and a new connection runs the source into a subject that ignores it.
    ///
    /// [publish](https://reactivex.io/documentation/operators/publish.html)
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        let shared = ConnectableObservable<Subject.Element>.SharedSubject(
            observable: subject.asObservable(),
            feed: { connection, beforeEnd in feed(subject.asObserver(), connection, beforeEnd: beforeEnd) }
        )
        return ConnectableObservable(makeSubject: { shared })
    }

    /// A connectable sequence that shares one run of this sequence through a subject made by `makeSubject` for
    /// each connection: once the source ended, the next subscriber or `connect()` gets a new subject.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () throws -> Subject)
        -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element
    {
        ConnectableObservable(makeSubject: {
            do {
                let subject = try makeSubject()
                return .init(
                    observable: subject.asObservable(),
                    feed: { connection, beforeEnd in feed(subject.asObserver(), connection, beforeEnd: beforeEnd) }
                )
            } catch {
                return .init(observable: Observable.error(error), feed: { _, _ in })
            }
        })
    }

    /// A connectable sequence sharing one run through a ``PublishSubject``.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }

    /// A connectable sequence sharing one run through a ``ReplaySubject`` of `bufferSize`.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// A connectable sequence sharing one run through an unbounded ``ReplaySubject``.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }
}

extension ObservableType {
    /// For each subscription, makes a subject with `subjectSelector`, emits the events of the sequence that
    /// `selector` builds from that subject, then runs this sequence into the subject: the selector's sequence
    /// may subscribe to the shared run as often as it likes.
    ///
    /// [publish](https://reactivex.io/documentation/operators/publish.html)
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let connectable: ConnectableObservable<Subject.Element>
            let output: Observable<Result>
            do {
                connectable = source.multicast(try subjectSelector())
                output = try selector(connectable.asObservable())
            } catch {
                sink.on(error: error)
                return
            }
            output.runSubscription(sink, lifetime)
            guard lifetime.isActive else { return }
            lifetime.insert(connectable.connect())
        }
    }
}
