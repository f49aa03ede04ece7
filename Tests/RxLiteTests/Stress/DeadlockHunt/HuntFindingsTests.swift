import Foundation
import RxLite
import RxLiteTest
import Testing

/// A connectable that hands the test a moment inside `connect()` and inside each subscription, to force an
/// interleaving: the hooks run on the calling thread, after the wrapped connectable did its part.
private final class HookedConnectable: ConnectableObservableType, @unchecked Sendable {
    typealias Element = Int
    let wrapped: ConnectableObservable<Int>
    let afterConnect: (Int) -> Void
    let afterSubscribe: (Int) -> Void
    private let counts = NSLock()
    private var connects = 0
    private var subscriptions = 0

    init(
        _ wrapped: ConnectableObservable<Int>, afterConnect: @escaping (Int) -> Void,
        afterSubscribe: @escaping (Int) -> Void
    ) {
        self.wrapped = wrapped
        self.afterConnect = afterConnect
        self.afterSubscribe = afterSubscribe
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        let index = counts.withLock {
            defer { subscriptions += 1 }
            return subscriptions
        }
        let subscription = wrapped.subscribe(observer)
        afterSubscribe(index)
        return subscription
    }

    func connect() -> any Disposable {
        let connection = wrapped.connect()
        let index = counts.withLock {
            defer { connects += 1 }
            return connects
        }
        afterConnect(index)
        return connection
    }
}

/// What the deadlock hunt caught, each bug forced every run by handshakes in the test's own callbacks.
@Suite(.serialized, .checksResources) struct DeadlockHuntFindings {
    /// `refCount()`: the source ends while the first subscriber is still making the connection, and a second
    /// subscriber arrives before the first one stores it. The first used to keep that finished connection, so the
    /// second (and everyone after it, until all left) found a connection, never connected, and never got the end.
    /// Caught by the hunt on `publish().refCount()` and `replay(1).refCount()` ("the end was lost").
    @Test func aSubscriberArrivingWhileAnEndedConnectionIsStoredStillConnects() {
        let source = PublishSubject<Int>()
        let connected = DispatchSemaphore(value: 0)
        let (secondJoined, firstReturned) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let connectable = HookedConnectable(
            source.publish(),
            afterConnect: { index in
                guard index == 0 else { return }
                // The first subscriber has its connection; it stores it once the second one has joined.
                connected.signal()
                _ = arrived(secondJoined)
            },
            afterSubscribe: { index in
                guard index == 1 else { return }
                // The second subscriber is counted and subscribed; it checks whether to connect after the first
                // stored its own.
                secondJoined.signal()
                _ = arrived(firstReturned)
            })
        let shared = connectable.refCount()
        let (first, second) = (EventLog<Int>(), EventLog<Int>())
        let subscriptions = Across(Locked<[any Disposable]>([]))
        let crossing = Across((shared, first, second, source))
        let finished = runThreads([
            {
                let (shared, first, _, _) = crossing.value
                let subscription = shared.subscribe(first)
                subscriptions.value.withLock { $0.append(subscription) }
                firstReturned.signal()
            },
            {
                let (shared, _, second, source) = crossing.value
                guard arrived(connected) else { return }
                source.onCompleted()
                let subscription = shared.subscribe(second)
                subscriptions.value.withLock { $0.append(subscription) }
            },
        ])
        #expect(finished, "deadlock: the subscriptions never returned")
        #expect(first.events.map(\.summary) == ["completed"])
        // The source had ended: a new connection (the first subscriber's second try) replays its end at once.
        #expect(second.events.map(\.summary) == ["completed"])
        for subscription in subscriptions.value.withLock({ $0 }) { subscription.dispose() }
    }
}

/// A connectable whose connections call `beforeDisconnect` (on the disposing thread) before they end: the test's
/// moment between `refCount()` letting a connection go and the connectable forgetting it. The same connection is
/// always handed out as the same wrapper, as the wrapped connectable hands out the same connection.
private final class DisconnectHookedConnectable: ConnectableObservableType, @unchecked Sendable {
    typealias Element = Int
    private final class Connection: Disposable, @unchecked Sendable {
        let wrapped: any Disposable
        let beforeDisconnect: () -> Void
        init(_ wrapped: any Disposable, beforeDisconnect: @escaping () -> Void) {
            self.wrapped = wrapped
            self.beforeDisconnect = beforeDisconnect
        }
        func dispose() {
            beforeDisconnect()
            wrapped.dispose()
        }
    }

    let wrapped: ConnectableObservable<Int>
    let beforeDisconnect: () -> Void
    private let lock = NSLock()
    private var handedOut: [Connection] = []

    init(_ wrapped: ConnectableObservable<Int>, beforeDisconnect: @escaping () -> Void) {
        self.wrapped = wrapped
        self.beforeDisconnect = beforeDisconnect
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
        wrapped.subscribe(observer)
    }

    func connect() -> any Disposable {
        let connection = wrapped.connect()
        return lock.withLock {
            if let known = handedOut.first(where: { ($0.wrapped as AnyObject) === (connection as AnyObject) }) {
                return known
            }
            let made = Connection(connection, beforeDisconnect: beforeDisconnect)
            handedOut.append(made)
            return made
        }
    }
}

@Suite(.serialized, .checksResources) struct RefCountReconnectFindings {
    /// `refCount()`: a subscriber joins while the last one is leaving, after `refCount()` let the connection go and
    /// before the connectable forgot it. It used to subscribe to that connection's subject (getting its replay),
    /// keep the ending connection, and then see the reconnection feed a new subject it was not subscribed to: the
    /// replayed element and nothing after it. Caught by the hunt on `replay(1).refCount()`, about once in 15,000
    /// rounds. Now, on a connectable it cannot look into (this one), `refCount()` subscribes it once the
    /// disconnection is over, to the new connection. (On a `ConnectableObservable` it counts subscribers in the
    /// connectable's own state, which forgets the subject as the last one leaves: see docs/RELIABILITY.md.)
    @Test func aSubscriberJoiningWhileTheLastOneLeavesIsFedByTheNextConnection() {
        let connections = RxAtomic<Int>(0)
        let source = Observable<Int>.create { observer in
            // Each connection sends its own number.
            observer.onNext(connections.add(1, ordering: .relaxed).oldValue)
            return Disposables.create()
        }
        let (leaving, joined) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let disconnects = RxAtomic<Int>(0)
        let connectable = DisconnectHookedConnectable(
            source.replay(1),
            beforeDisconnect: {
                guard disconnects.add(1, ordering: .relaxed).oldValue == 0 else { return }
                leaving.signal()
                _ = arrived(joined)
            })
        let shared = connectable.refCount()
        let (first, second) = (EventLog<Int>(), EventLog<Int>())
        let joiner = Across(Locked<(any Disposable)?>(nil))
        let crossing = Across((shared, first, second))
        let finished = runThreads([
            {
                let (shared, first, _) = crossing.value
                shared.subscribe(first).dispose()
            },
            {
                let (shared, _, second) = crossing.value
                guard arrived(leaving) else { return }
                let subscription = shared.subscribe(second)
                joiner.value.withLock { $0 = subscription }
                joined.signal()
            },
        ])
        #expect(finished, "deadlock: the subscriptions never returned")
        #expect(first.elements == [0])
        #expect(second.elements == [1])
        joiner.value.withLock { $0 }?.dispose()
        #expect(connections.load(ordering: .relaxed) == 2)
    }
}
