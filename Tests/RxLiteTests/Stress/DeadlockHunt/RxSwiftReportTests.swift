import Foundation
import RxLite
import RxLiteTest
import Testing

/// Records what handlers on several threads saw, under a Foundation lock: RxLite's own locks trap (debug builds) when
/// user code runs while they are held, and these tests call RxLite from inside handlers.
private final class Notes<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    func add(_ value: Value) { lock.withLock { values.append(value) } }
    var all: [Value] { lock.withLock { values } }
}

/// One test per RxSwift deadlock report that issue 24 names, each written from the report's description (the shape
/// of the two threads and the locks they hold), forced every run with handshakes in the test's own callbacks. In
/// RxSwift each shape hung; here a watchdog (`runThreads`, `arrived`) turns a hang into a failure, and each test
/// then checks that no element and no end was lost.
@Suite(.serialized, .checksResources) struct RxSwiftDeadlockReports {
    /// ReactiveX/RxSwift#1323: `just(1).flatMap { create { emit from another thread; block } }.share(replay: 1)`.
    /// The subscribing thread held the share's lock while connecting (and so while the `create` blocked), and the
    /// other thread's `onNext` waited for that lock inside flatMap's: neither returned.
    @Test func report1323CreateEmittingFromAnotherThreadWhileShareConnects() {
        let log = EventLog<[Int]>()
        let emitterReturned = Notes<Bool>()
        let subscriptions = Notes<any Disposable>()
        let finished = runThreads([
            {
                let shared = Observable.just(1)
                    .flatMap { value -> Observable<[Int]> in
                        Observable.create { observer in
                            let returned = DispatchSemaphore(value: 0)
                            let crossing = Across(observer)
                            Thread {
                                crossing.value.onNext([value])
                                returned.signal()
                            }.start()
                            // The report slept here; waiting for the other thread's `onNext` is what hung.
                            emitterReturned.add(arrived(returned))
                            return Disposables.create()
                        }
                    }
                    .share(replay: 1)
                subscriptions.add(shared.subscribe(log))
            }
        ])
        #expect(finished, "#1323: subscribe never returned")
        #expect(emitterReturned.all == [true], "#1323: the other thread's onNext never returned")
        #expect(log.events.map(\.summary) == ["next([1])"])
        #expect(log.contractViolations == 0)
        for subscription in subscriptions.all { subscription.dispose() }
    }

    /// ReactiveX/RxSwift#1992: two `share(replay: 1)`, each replaying its cached element while holding its own lock,
    /// into an observer that subscribes to the other: thread 1 held A's lock and wanted B's, thread 2 the reverse.
    @Test func report1992TwoShareReplaysEachSubscribedFromTheOthersReplay() {
        let (sourceA, sourceB) = (PublishSubject<Int>(), PublishSubject<Int>())
        let (sharedA, sharedB) = (sourceA.share(replay: 1), sourceB.share(replay: 1))
        let keepers = [sharedA.subscribe(onNext: { _ in }), sharedB.subscribe(onNext: { _ in })]
        sourceA.onNext(1)
        sourceB.onNext(2)
        let (inReplayOfA, inReplayOfB) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let (fromA, fromB) = (Notes<Int>(), Notes<Int>())
        let (nestedInA, nestedInB) = (Notes<Int>(), Notes<Int>())
        let subscriptions = Notes<any Disposable>()
        let crossing = Across((sharedA, sharedB))
        @Sendable func subscribe(
            _ outer: Observable<Int>, _ inner: Observable<Int>, mine: DispatchSemaphore, theirs: DispatchSemaphore,
            outerNotes: Notes<Int>, nestedNotes: Notes<Int>
        ) {
            subscriptions.add(
                outer.take(1).subscribe(onNext: { element in
                    outerNotes.add(element)
                    // Both threads are inside a replay; each now subscribes to the other's share.
                    mine.signal()
                    guard arrived(theirs) else { return }
                    subscriptions.add(inner.take(1).subscribe(onNext: { nestedNotes.add($0) }))
                }))
        }
        let finished = runThreads([
            {
                let (sharedA, sharedB) = crossing.value
                subscribe(
                    sharedA, sharedB, mine: inReplayOfA, theirs: inReplayOfB, outerNotes: fromA, nestedNotes: nestedInA)
            },
            {
                let (sharedA, sharedB) = crossing.value
                subscribe(
                    sharedB, sharedA, mine: inReplayOfB, theirs: inReplayOfA, outerNotes: fromB, nestedNotes: nestedInB)
            },
        ])
        #expect(finished, "#1992: the two replays deadlocked")
        #expect(fromA.all == [1] && fromB.all == [2])
        #expect(nestedInA.all == [2] && nestedInB.all == [1], "#1992: a replay to a nested subscriber was lost")
        for subscription in subscriptions.all + keepers { subscription.dispose() }
    }

    /// ReactiveX/RxSwift#2525: `share(replay: 1)` forwarding its replay under its lock, and `combineLatest` forwarding
    /// under its own. A background thread is the first subscriber of `shared2`, whose source subscribes to `shared1`
    /// and gets its replay; the current thread subscribes `combineLatest(…, shared2).flatMapLatest { shared1 }` at
    /// that moment, so its `flatMapLatest` subscribes to `shared1` while the background thread is replaying it.
    @Test func report2525CombineLatestAndFlatMapLatestOverTwoShareReplays() {
        let shared1 = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create()
        }
        .share(replay: 1)
        let keeper = shared1.subscribe(onNext: { _ in })
        let shared2 = shared1.map { $0 + 100 }.share(replay: 1)
        let complex = Observable.combineLatest(Observable.just(0).concat(Observable.never()), shared2) { $1 }
            .flatMapLatest { _ in shared1 }
        let (backgroundDelivering, currentSubscribed) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let background = Notes<Int>()
        let current = EventLog<Int>()
        let duringSubscribe = Notes<Int>()
        let subscriptions = Notes<any Disposable>()
        let crossing = Across((shared2, complex))
        let finished = runThreads([
            {
                subscriptions.add(
                    crossing.value.0.subscribe(onNext: { element in
                        background.add(element)
                        backgroundDelivering.signal()
                        _ = arrived(currentSubscribed)
                    }))
            },
            {
                guard arrived(backgroundDelivering) else { return }
                subscriptions.add(crossing.value.1.subscribe(current))
                duringSubscribe.add(current.count)
                currentSubscribed.signal()
            },
        ])
        #expect(finished, "#2525: the two subscriptions deadlocked")
        #expect(background.all == [101])
        #expect(current.elements == [1])
        #expect(duringSubscribe.all == [1], "#2525: shared1's replay did not arrive during subscribe")
        for subscription in subscriptions.all + [keeper] { subscription.dispose() }
    }

    /// ReactiveX/RxSwift#2653: `take(1)` + `share(replay: 1)` + `zip`. One thread replays the shared element (under
    /// the share's lock) through `take(1)` towards `zip`; the other completes zip's second source, so `zip` (under
    /// its lock) disposes its subscription to that same share.
    @Test func report2653ZipDisposesAShareReplayThatIsReplayingOnAnotherThread() {
        let source = PublishSubject<Int>()
        let shared = source.share(replay: 1)
        let keeper = shared.subscribe(onNext: { _ in })
        source.onNext(5)
        let other = PublishSubject<Int>()
        let (replaying, otherCompleted) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let zipped = Observable.zip(
            shared.do(onNext: { _ in
                replaying.signal()
                _ = arrived(otherCompleted)
            }).take(1),
            other.asObservable())
        let log = EventLog<(Int, Int)>()
        let subscriptions = Notes<any Disposable>()
        let crossing = Across((zipped, other))
        let finished = runThreads([
            { subscriptions.add(crossing.value.0.subscribe(log)) },
            {
                guard arrived(replaying) else { return }
                crossing.value.1.onCompleted()
                otherCompleted.signal()
            },
        ])
        #expect(finished, "#2653: zip's disposal and the share's replay deadlocked")
        // `other` ended with nothing to pair: zip completes, and the replayed element finds it done.
        #expect(log.events.map(\.summary) == ["completed"])
        #expect(log.contractViolations == 0)
        for subscription in subscriptions.all + [keeper] { subscription.dispose() }
    }

    /// ReactiveX/RxSwift#2698: `Connection` disposed its source subscription under the connectable's lock, and that
    /// teardown needed a lock which a thread subscribing to the connectable held.
    @Test func report2698ConnectionTeardownNeedsALockThatASubscriberHolds() {
        let outsideLock = NSLock()
        let (holding, inTeardown) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let source = PublishSubject<Int>()
        let connectable = source.do(onDispose: {
            inTeardown.signal()
            outsideLock.lock()
            outsideLock.unlock()
        })
        .replay(1)
        let connection = connectable.connect()
        source.onNext(7)
        let log = EventLog<Int>()
        let subscriptions = Notes<any Disposable>()
        let crossing = Across((connectable, connection))
        let finished = runThreads([
            {
                outsideLock.lock()
                holding.signal()
                _ = arrived(inTeardown)
                subscriptions.add(crossing.value.0.subscribe(log))
                outsideLock.unlock()
            },
            {
                guard arrived(holding) else { return }
                crossing.value.1.dispose()
            },
        ])
        #expect(finished, "#2698: the connection's teardown and the subscription deadlocked")
        // Whether the subscriber landed on the ended connection's subject (and got its replay) or on the next one
        // is a race; it gets at most that replay and no end.
        #expect(log.elements.allSatisfy { $0 == 7 } && log.count <= 1)
        for subscription in subscriptions.all { subscription.dispose() }
    }

    /// ReactiveX/RxSwift#2713 (subscribe): `ReplaySubject` replayed its buffer under its lock into an observer that
    /// needed a lock which another thread held while subscribing to the same subject.
    @Test func report2713ReplayIntoAnObserverNeedingALockThatASubscriberHolds() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.onNext(5)
        let outsideLock = NSLock()
        let (holding, replaying) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let first = Notes<Int>()
        let second = EventLog<Int>()
        let secondDuringSubscribe = Notes<Int>()
        let subscriptions = Notes<any Disposable>()
        let crossing = Across(subject)
        let finished = runThreads([
            {
                guard arrived(holding) else { return }
                subscriptions.add(
                    crossing.value.subscribe(onNext: { element in
                        first.add(element)
                        replaying.signal()
                        outsideLock.lock()
                        outsideLock.unlock()
                    }))
            },
            {
                outsideLock.lock()
                holding.signal()
                _ = arrived(replaying)
                subscriptions.add(crossing.value.subscribe(second))
                secondDuringSubscribe.add(second.count)
                outsideLock.unlock()
            },
        ])
        #expect(finished, "#2713: the replay and the subscription deadlocked")
        #expect(first.all == [5])
        #expect(second.elements == [5] && secondDuringSubscribe.all == [1], "#2713: a replay was lost or late")
        subject.onNext(6)
        #expect(first.all == [5, 6] && second.elements == [5, 6])
        for subscription in subscriptions.all { subscription.dispose() }
    }

    /// ReactiveX/RxSwift#2713 (dispose): an operator disposed its subscription to a `ReplaySubject` while holding a
    /// lock that the subject's replay, running on another thread under the subject's lock, needed.
    @Test func report2713DisposeUnderALockThatAReplayNeeds() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        subject.onNext(5)
        let outsideLock = NSLock()
        let (holding, replaying) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        let existing = EventLog<Int>()
        let existingSubscription = subject.subscribe(existing)
        let replayed = Notes<Int>()
        let subscriptions = Notes<any Disposable>()
        let crossing = Across((subject, existingSubscription))
        let finished = runThreads([
            {
                guard arrived(holding) else { return }
                subscriptions.add(
                    crossing.value.0.subscribe(onNext: { element in
                        replayed.add(element)
                        replaying.signal()
                        outsideLock.lock()
                        outsideLock.unlock()
                    }))
            },
            {
                outsideLock.lock()
                holding.signal()
                _ = arrived(replaying)
                crossing.value.1.dispose()
                outsideLock.unlock()
            },
        ])
        #expect(finished, "#2713: the disposal and the replay deadlocked")
        #expect(replayed.all == [5] && existing.elements == [5])
        subject.onNext(6)
        #expect(replayed.all == [5, 6] && existing.elements == [5], "#2713: the disposed observer still got events")
        for subscription in subscriptions.all { subscription.dispose() }
    }

    /// ReactiveX/RxSwift#2718: the first two subscriptions to a cold `share()` (replay 0, `.whileConnected`), made at
    /// the same moment from two threads, both connected the one connection (a fatal error there). Each round starts
    /// two threads together; the source must be subscribed exactly once and both subscribers served.
    @Test func report2718ConcurrentFirstSubscriptionsToShareConnectOnce() {
        for round in 0..<100 {
            let sourceSubscriptions = Notes<Int>()
            let source = PublishSubject<Int>()
            let shared = source.do(onSubscribe: { sourceSubscriptions.add(round) }).share()
            let logs = [EventLog<Int>(), EventLog<Int>()]
            let subscriptions = Notes<any Disposable>()
            let ready = Across(Locked(0))
            let crossing = Across(shared)
            let bodies: [@Sendable () -> Void] = logs.map { log in
                let log = Across(log)
                return {
                    ready.value.withLock { $0 += 1 }
                    while ready.value.withLock({ $0 }) < 2 { sched_yield() }
                    subscriptions.add(crossing.value.subscribe(log.value))
                }
            }
            let finished = runThreads(bodies)
            #expect(finished, "#2718: round \(round) did not finish")
            guard finished else { return }
            #expect(sourceSubscriptions.all.count == 1, "#2718: round \(round) subscribed the source more than once")
            source.onNext(1)
            source.onCompleted()
            for log in logs { #expect(log.events.map(\.summary) == ["next(1)", "completed"], "round \(round)") }
            for subscription in subscriptions.all { subscription.dispose() }
        }
    }
}
