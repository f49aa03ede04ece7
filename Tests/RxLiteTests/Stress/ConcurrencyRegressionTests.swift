import Foundation
import RxLiteTest
import Testing

@testable import RxLite

/// Hands a value that is not `Sendable` (a subject, a disposable) to another thread: what these tests do on purpose.
private final class Crossing<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs `body` on a thread of its own; the semaphore is signalled when it returns. Waiting on it with a timeout
/// (``waited(_:seconds:)``) turns a deadlock into a failed test instead of a hung run (the stuck thread is left
/// behind); the timeout can only fail a test, never pass one.
private func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    return done
}

/// `true` when `done` was signalled within `seconds`.
private func waited(_ done: DispatchSemaphore, seconds: Int = 10) -> Bool {
    done.wait(timeout: .now() + .seconds(seconds)) == .success
}

/// The three bugs of issue 24, each forced every run by handshakes in the test's own callbacks, as RxSwift's
/// regression tests do; a watchdog turns a deadlock into a failure.
@Suite(.serialized, .checksResources) struct ConcurrencyRegressionTests {
    /// `multicast(makeSubject:)`'s factory runs outside the connectable's lock: a factory that takes a lock L on one
    /// thread while another thread holding L calls `connect()` used to hang both.
    @Test func aMulticastFactoryTakingALockDoesNotDeadlockConnect() {
        let outsideLock = NSRecursiveLock()
        let factoryEntered = DispatchSemaphore(value: 0)
        let outsideLockTaken = DispatchSemaphore(value: 0)
        let firstCall = Locked(true)
        let source = PublishSubject<Int>()
        let connectable = source.multicast(makeSubject: { () -> PublishSubject<Int> in
            if firstCall.withLock({ first in
                defer { first = false }; return first
            }) {
                // The subscribing thread: let the other thread take L, then take it too.
                factoryEntered.signal()
                outsideLockTaken.wait()
            }
            outsideLock.lock()
            defer { outsideLock.unlock() }
            return PublishSubject<Int>()
        })
        let log = EventLog<Int>()
        let shared = Crossing((connectable, log))
        let subscription = Crossing(Locked<(any Disposable)?>(nil))
        let connection = Crossing(Locked<(any Disposable)?>(nil))
        let subscribed = onThread {
            let made = shared.value.0.subscribe(shared.value.1)
            subscription.value.withLock { $0 = made }
        }
        let connected = onThread {
            factoryEntered.wait()
            outsideLock.lock()
            outsideLockTaken.signal()
            let made = shared.value.0.connect()
            connection.value.withLock { $0 = made }
            outsideLock.unlock()
        }
        let subscribeFinished = waited(subscribed)
        let connectFinished = waited(connected)
        #expect(subscribeFinished && connectFinished, "deadlock: subscribe and connect never returned")
        guard subscribeFinished && connectFinished else { return }
        // Both threads ended up with the one subject the first of them installed: the subscriber gets the source.
        source.onNext(1)
        #expect(log.elements == [1])
        subscription.value.withLock { $0 }?.dispose()
        connection.value.withLock { $0 }?.dispose()
    }

    /// `share(replay: 1)` (the `.whileConnected` storage): the subscriber that created a connection is disposed
    /// from another thread after it joined, while a second subscriber joins; the second one must still be served.
    /// Before the fix only the creator connected, so nobody did.
    @Test func aJoinerIsServedWhenTheCreatorOfTheConnectionIsDisposedBeforeConnecting() {
        let storage = ShareWhileConnectedStorage(source: Observable.just(1), makeMemory: { LatestMemory<Int?>() })
        let creatorJoined = DispatchSemaphore(value: 0)
        let creatorMayGoOn = DispatchSemaphore(value: 0)
        let firstJoin = Locked(true)
        storage.afterJoiningForTesting = {
            guard
                firstJoin.withLock({ first in
                    defer { first = false }; return first
                })
            else { return }
            creatorJoined.signal()
            creatorMayGoOn.wait()
        }
        let shared = Observable<Int> { sink, lifetime, _ in storage.subscribe(sink, lifetime) }
        let creatorLifetime = Lifetime.make()
        let creatorLog = EventLog<Int>()
        let creator = Crossing((storage, creatorLifetime, creatorLog))
        let creatorDone = onThread {
            let (storage, lifetime, log) = creator.value
            storage.subscribe(lifetime.leafSink(log), lifetime)
        }
        creatorJoined.wait()
        let joinerLog = EventLog<Int>()
        let joiner = shared.subscribe(joinerLog)
        creatorLifetime.dispose()
        creatorMayGoOn.signal()
        let creatorFinished = waited(creatorDone)
        #expect(creatorFinished, "the creator's subscribe never returned")
        #expect(joinerLog.events.map(\.summary) == ["next(1)", "completed"])
        #expect(creatorLog.events.isEmpty)
        joiner.dispose()
    }

    /// A `BehaviorRelay` busy delivering on another thread still replays its value to a new subscriber during
    /// `subscribe`: `withLatestFrom` used to drop the element of its synchronous first source, because the relay's
    /// replay was queued for the delivering thread.
    @Test func withLatestFromABehaviorRelayBusyOnAnotherThreadEmits() {
        let relay = BehaviorRelay(value: 0)
        let (delivering, mayGoOn) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let blocker = relay.skip(1).subscribe(onNext: { element in
            guard element == 1 else { return }
            delivering.signal()
            mayGoOn.wait()
        })
        let crossing = Crossing(relay)
        let emitted = onThread { crossing.value.accept(1) }
        delivering.wait()
        let log = EventLog<Int>()
        let subscription = Observable.just(10).withLatestFrom(relay).subscribe(log)
        #expect(log.events.map(\.summary) == ["next(1)", "completed"])
        mayGoOn.signal()
        #expect(waited(emitted), "the relay's delivery never returned")
        subscription.dispose()
        blocker.dispose()
    }

    /// The same through `share(replay: 1)`, whose hub is busy delivering the source's element on another thread.
    @Test func withLatestFromAShareReplayBusyOnAnotherThreadEmits() {
        let source = PublishSubject<Int>()
        let shared = source.share(replay: 1)
        let (delivering, mayGoOn) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let blocker = shared.subscribe(onNext: { element in
            guard element == 5 else { return }
            delivering.signal()
            mayGoOn.wait()
        })
        let crossing = Crossing(source)
        let emitted = onThread { crossing.value.onNext(5) }
        delivering.wait()
        let log = EventLog<Int>()
        let subscription = Observable.just(10).withLatestFrom(shared).subscribe(log)
        #expect(log.events.map(\.summary) == ["next(5)", "completed"])
        mayGoOn.signal()
        #expect(waited(emitted), "the shared delivery never returned")
        // The late subscriber got 5 once, from its replay, not again from the delivery it arrived during.
        let later = EventLog<Int>()
        let laterSubscription = shared.subscribe(later)
        source.onNext(6)
        #expect(later.elements == [5, 6])
        laterSubscription.dispose()
        subscription.dispose()
        blocker.dispose()
    }

    /// A subscriber that arrives while another thread delivers gets the replay during `subscribe`, then every
    /// element accepted after it subscribed, each once and in order, also those accepted while its replay runs.
    @Test func aReplayDuringAnotherThreadsDeliveryIsFollowedByEveryLaterElementOnce() {
        let subject = BehaviorSubject(value: 0)
        let (delivering, mayGoOn) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let blocker = subject.skip(1).subscribe(onNext: { element in
            guard element == 1 else { return }
            delivering.signal()
            mayGoOn.wait()
        })
        let crossing = Crossing(subject)
        let emitted = onThread { crossing.value.onNext(1) }
        delivering.wait()
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { element in
            received.append(element)
            // Elements accepted while this subscriber's replay is running, from its own thread.
            if element == 1 {
                subject.onNext(2)
                subject.onNext(3)
            }
        })
        #expect(received == [1, 2, 3])
        mayGoOn.signal()
        #expect(waited(emitted), "the subject's delivery never returned")
        subject.onNext(4)
        #expect(received == [1, 2, 3, 4])
        subscription.dispose()
        blocker.dispose()
    }

    /// A subscription made inside an observer of the same subject gets its replay during `subscribe` (RxSwift does
    /// the same); it used to wait until the current delivery ended.
    @Test func aNestedSubscriptionGetsItsReplayDuringSubscribe() {
        let subject = BehaviorSubject(value: 0)
        var nested: [Int] = []
        var nestedDuringSubscribe: [Int] = []
        let outer = subject.skip(1).subscribe(onNext: { _ in
            _ = subject.take(1).subscribe(onNext: { nested.append($0) })
            nestedDuringSubscribe = nested
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(nestedDuringSubscribe == [1, 2])
        #expect(nested == [1, 2])
        outer.dispose()
    }

    /// An emitter stops with a compare-and-swap outside its lock (``EmitState``). An event another thread queues
    /// while the emitter delivers, which that thread's call returns from before the delivery ends, must make the swap
    /// fail, so that the emitter delivers it before stopping: here for an operator's emitter (`merge`) and for a
    /// subject's, each forced every run.
    @Test(arguments: [false, true])
    func anEventQueuedByAnotherThreadDuringADeliveryIsDeliveredBeforeTheEmitterStops(throughSubject: Bool) {
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let other = Crossing(throughSubject ? first : second)
        let received = Locked<[Int]>([])
        let source =
            throughSubject ? first.asObservable() : Observable.merge(first.asObservable(), second.asObservable())
        var queuedInTime = false
        let subscription = source.subscribe(onNext: { value in
            received.withLock { $0.append(value) }
            // Returns once the other thread's `onNext` has returned: its element is queued, not delivered.
            if value == 1 { queuedInTime = waited(onThread { other.value.onNext(2) }) }
        })
        first.onNext(1)
        #expect(queuedInTime)
        #expect(received.withLock { $0 } == [1, 2])
        first.onNext(3)
        #expect(received.withLock { $0 } == [1, 2, 3], "the emitter stopped, and the next event starts a new one")
        subscription.dispose()
    }
}
