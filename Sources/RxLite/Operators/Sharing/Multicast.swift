/// A sequence that starts its source only when ``connect()`` is called, and shares that one run with every
/// subscriber.
public final class ConnectableObservable<Element>: Observable<Element> {
    /// A subject seen from both sides: `observable` for subscribers, `feed` to run the source into it for a
    /// connection, calling its second argument when the source ends, before the subject hears of it.
    typealias SharedSubject = ConnectableStorage<Element>.SharedSubject

    private let storage: ConnectableStorage<Element>

    init(makeSubject: @escaping () -> SharedSubject) {
        let storage = ConnectableStorage(makeSubject: makeSubject)
        self.storage = storage
        // Subscribes to the shared subject; nothing flows until `connect()`.
        super.init(keptAliveBySubscriptions: true) { sink, lifetime, _ in
            storage.currentSubject().observable.runSubscription(sink, lifetime)
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
}

/// The state of a ``ConnectableObservable``: the subject of the current connection, and that connection. Apart from
/// the observable, so that its subscription handler can hold it without holding the observable.
final class ConnectableStorage<Element>: @unchecked Sendable {
    /// The word of `lock`, in this object's own memory rather than a heap cell of its own (see
    /// ``InlineWord``): one allocation fewer. Must stay the first stored property.
    private var words = InlineWord()
    @usableFromInline
    let live = LiveResource()
    typealias SharedSubject = (observable: Observable<Element>, feed: (Lifetime, @escaping () -> Void) -> Void)

    private let makeSubject: () -> SharedSubject
    private var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`: the subject of the current connection, and that connection.
    private var subject: SharedSubject?
    private var connection: Lifetime?

    init(makeSubject: @escaping () -> SharedSubject) {
        self.makeSubject = makeSubject
        assertFirstStoredProperty(of: self, &words)
    }

    /// The subject of the current connection, made if there is none. The factory is the user's
    /// (`multicast(makeSubject:)`), so it runs outside the lock: a factory that takes a lock of its own while another
    /// thread holding that lock calls `connect()` deadlocked here. Two threads may then both make a subject; the
    /// first to install its own wins (compare and set) and the other's is dropped unused.
    func currentSubject() -> SharedSubject {
        if let subject = lock.withLock({ subject }) { return subject }
        let made = makeSubject()
        return lock.withLock {
            if let subject { return subject }
            subject = made
            return made
        }
    }

    func connect() -> any Disposable {
        let subject = currentSubject()
        let (connection, isNew) = lock.withLock { () -> (Lifetime, Bool) in
            if let connection = self.connection { return (connection, false) }
            let connection = Lifetime()
            self.connection = connection
            return (connection, true)
        }
        guard isNew else { return connection }
        connection.insert { [weak self] in self?.forget(connection) }
        subject.feed(connection) { [weak self] in self?.forget(connection) }
        return connection
    }

    /// Forgets `connection` (and its subject) if it is still the current one.
    private func forget(_ connection: Lifetime) {
        lock.withLock {
            if self.connection === connection {
                self.connection = nil
                self.subject = nil
            }
        }
    }
}

/// The subscriber count behind `refCount()`.
final class RefCountStorage<Connectable: ConnectableObservableType>: @unchecked Sendable {
    /// The word of `lock`, in this object's own memory rather than a heap cell of its own (see
    /// ``InlineWord``): one allocation fewer. Must stay the first stored property.
    private var words = InlineWord()
    private let live = LiveResource()
    typealias Element = Connectable.Element
    private let connectable: Connectable
    private var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`.
    private var count = 0
    private var connection: (any Disposable)?
    private var generation: UInt64 = 0
    /// How many connections ended, by their source's end or by the last subscriber's leaving (counted once its
    /// disposal returned). `connect()` hands out the current connection while it lasts, so a subscriber connecting
    /// while one ends may get that one: it keeps what it got only if none ended meanwhile, else it connects again.
    /// Keeping a finished connection made every later subscriber find one, never connect, and get nothing.
    private var connectionsEnded: UInt64 = 0

    init(connectable: Connectable) {
        self.connectable = connectable
        assertFirstStoredProperty(of: self, &words)
    }

    func subscribe(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
        let generation = lock.withLock { () -> UInt64 in
            count += 1
            return self.generation
        }
        lifetime.insert { [self] in release(generation) }
        connectable.asObservable().runSubscription(
            { [self] event in
                // As RxSwift: the connection is over before this subscriber hears of the end, so subscribing again
                // from its `onCompleted` or `onError` connects again.
                if event.isStopEvent { endConnection(generation) }
                sink(event)
            }, lifetime)
        connectIfNeeded(generation)
    }

    /// Connects for the subscribers of `generation` unless they have a connection (see `connectionsEnded`).
    private func connectIfNeeded(_ generation: UInt64) {
        var generation = generation
        while true {
            let (needed, endedBefore) = lock.withLock {
                (count > 0 && self.connection == nil && self.generation == generation, connectionsEnded)
            }
            guard needed else { return }
            let connection = connectable.connect()
            let retry = lock.withLock { () -> UInt64? in
                if self.connection == nil, count > 0, connectionsEnded == endedBefore {
                    self.connection = connection
                    return nil
                }
                return self.connection == nil && count > 0 && connectionsEnded != endedBefore ? self.generation : nil
            }
            guard let retry else {
                if lock.withLock({ count == 0 }) { connection.dispose() }
                return
            }
            generation = retry
        }
    }

    /// The source ended for the subscribers of `generation`: the first of them to hear it ends that connection.
    private func endConnection(_ generation: UInt64) {
        let connection = lock.withLock { () -> (any Disposable)? in
            guard generation == self.generation else { return nil }
            count = 0
            self.generation &+= 1
            connectionsEnded &+= 1
            let connection = self.connection
            self.connection = nil
            return connection
        }
        connection?.dispose()
    }

    private func release(_ generation: UInt64) {
        let connection = lock.withLock { () -> (any Disposable)? in
            guard generation == self.generation else { return nil }
            count -= 1
            guard count == 0 else { return nil }
            self.generation &+= 1
            let connection = self.connection
            self.connection = nil
            return connection
        }
        guard let connection else { return }
        connection.dispose()
        // A subscriber that arrived meanwhile may have been handed this connection before its disposal and kept it:
        // it is over, so forget it and connect again for whoever is subscribed now.
        let reconnect = lock.withLock { () -> UInt64? in
            connectionsEnded &+= 1
            if let kept = self.connection, (kept as AnyObject) === (connection as AnyObject) { self.connection = nil }
            return count > 0 && self.connection == nil ? self.generation : nil
        }
        if let reconnect { connectIfNeeded(reconnect) }
    }
}

extension ObservableType {
    /// Runs this sequence into `observer` for `connection`; on its end, calls `beforeEnd` first.
    private func feed<Observer: ObserverType>(
        _ observer: Observer, _ connection: Lifetime, beforeEnd: @escaping () -> Void
    ) where Observer.Element == Element {
        asObservable().runSubscription(
            { event in
                if case .next = event {
                    if connection.isActive { observer.on(event) }
                    return
                }
                guard connection.beginStop() else { return }
                beforeEnd()
                observer.on(event)
                connection.dispose()
            }, connection)
    }

    /// A connectable sequence that shares one run of this sequence through `subject`.
    ///
    /// The subject is the same for every connection: after the source ended, a new subscriber gets what the
    /// subject replays after its end, and a new connection runs the source into a subject that ignores it.
    ///
    /// [publish](https://reactivex.io/documentation/operators/publish.html)
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        let shared: ConnectableObservable<Subject.Element>.SharedSubject = (
            subject.asObservable(),
            { connection, beforeEnd in feed(subject.asObserver(), connection, beforeEnd: beforeEnd) }
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
                return (
                    subject.asObservable(),
                    { connection, beforeEnd in feed(subject.asObserver(), connection, beforeEnd: beforeEnd) }
                )
            } catch {
                return (Observable.error(error), { _, _ in })
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
                sink(.error(error))
                return
            }
            output.runSubscription(sink, lifetime)
            guard lifetime.isActive else { return }
            lifetime.insert(connectable.connect())
        }
    }
}
