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
