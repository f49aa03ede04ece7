import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct ShareTests {
    @Test func sharesOneSubscriptionAmongSubscribers() {
        var subscriptions = 0
        let subject = PublishSubject<Int>()
        let shared = Observable.deferred {
            subscriptions += 1
            return subject.asObservable()
        }.share()
        let first = EventLog<Int>()
        let second = EventLog<Int>()
        let a = shared.subscribe(first)
        subject.onNext(1)
        let b = shared.subscribe(second)
        subject.onNext(2)
        #expect(subscriptions == 1)
        #expect(first.elements == [1, 2])
        #expect(second.elements == [2])
        a.dispose()
        #expect(subject.hasObservers)
        b.dispose()
        #expect(!subject.hasObservers)
    }

    @Test func replayOneGivesLateSubscribersTheLatest() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let first = EventLog<Int>()
        let a = shared.subscribe(first)
        subject.onNext(1)
        subject.onNext(2)
        let second = EventLog<Int>()
        let b = shared.subscribe(second)
        #expect(second.elements == [2])
        a.dispose()
        b.dispose()
    }

    @Test func whileConnectedStartsOverAfterTheLastSubscriberLeaves() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable("-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let shared = source.share(replay: 1, scope: .whileConnected)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var firstSubscription: (any Disposable)?
        var secondSubscription: (any Disposable)?
        scheduler.scheduleAt(100) { firstSubscription = shared.subscribe(first) }
        scheduler.scheduleAt(125) { firstSubscription?.dispose() }
        scheduler.scheduleAt(200) { secondSubscription = shared.subscribe(second) }
        scheduler.start()
        #expect(first.events == [.next(110, 1)])
        // A new connection: the replay buffer (`a`) was dropped with the old one.
        #expect(second.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        #expect(source.subscriptions == [Subscription(100, 125), Subscription(200, 260)])
        secondSubscription?.dispose()
    }

    @Test func foreverKeepsTheReplayForLaterSubscribers() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1, scope: .forever)
        let first = EventLog<Int>()
        shared.subscribe(first).dispose()
        let a = shared.subscribe(first)
        subject.onNext(7)
        a.dispose()
        let late = EventLog<Int>()
        let b = shared.subscribe(late)
        #expect(late.elements == [7])
        b.dispose()
    }

    @Test func completedSourceIsResubscribedByTheNextSubscriber() {
        var runs = 0
        let shared = Observable.deferred {
            runs += 1
            return Observable.of(1, 2)
        }.share()
        let first = EventLog<Int>()
        let second = EventLog<Int>()
        shared.subscribe(first)
        shared.subscribe(second)
        #expect(runs == 2)
        #expect(first.elements == [1, 2])
        #expect(second.elements == [1, 2])
    }

    @Test func aSubscriberOfAnEndedConnectionLeavingDoesNotEndTheNextOne() {
        let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
        nonisolated(unsafe) var runs = 0
        let shared = Observable.deferred {
            defer { runs += 1 }
            return subjects[runs].asObservable()
        }.share()
        let second = EventLog<Int>()
        nonisolated(unsafe) var b: (any Disposable)?
        // The first subscriber's end starts a second connection, then its own subscription ends.
        let a = shared.subscribe(onCompleted: { b = shared.subscribe(second) })
        subjects[0].onCompleted()
        subjects[1].onNext(5)
        #expect(runs == 2)
        #expect(second.elements == [5])
        #expect(subjects[1].hasObservers)
        b?.dispose()
        #expect(!subjects[1].hasObservers)
        a.dispose()
    }

    @Test func aSubscriberThatEndsWhileJoiningStartsNothing() {
        let subject = PublishSubject<Int>()
        nonisolated(unsafe) var runs = 0
        let shared = Observable.deferred {
            runs += 1
            return subject.asObservable()
        }.share(replay: 1)
        let failed = EventLog<Int>()
        // combineLatest subscribes `shared` after the failing source has already ended the subscription: the
        // subscriber is inactive (its parent is disposed) though its own lifetime is not yet disposed.
        Observable.combineLatest(Observable<Int>.error(SampleError()), shared) { $0 + $1 }.subscribe(failed)
        #expect(failed.error is SampleError)
        #expect(runs == 0)
        #expect(!subject.hasObservers)
        let later = EventLog<Int>()
        let subscription = shared.subscribe(later)
        subject.onNext(3)
        #expect(later.elements == [3])
        subscription.dispose()
        #expect(!subject.hasObservers)
    }

    @Test func subscribersJoiningDuringAnElementGetTheReplayThenWhatFollows() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        let late = EventLog<Int>()
        nonisolated(unsafe) var lateSubscription: (any Disposable)?
        let early = shared.subscribe(onNext: { value in
            if value == 1 { lateSubscription = shared.subscribe(late) }
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(late.elements == [1, 2])
        early.dispose()
        lateSubscription?.dispose()
        #expect(!subject.hasObservers)
    }
}

@Suite(.checksResources) struct MulticastTests {
    @Test func publishStartsOnConnectAndStopsOnDisconnect() {
        let subject = PublishSubject<Int>()
        let published = subject.publish()
        let log = EventLog<Int>()
        let subscription = published.subscribe(log)
        subject.onNext(1)
        #expect(!subject.hasObservers)
        let connection = published.connect()
        let again = published.connect() as AnyObject
        let isSameConnection = again === (connection as AnyObject)
        #expect(isSameConnection)
        subject.onNext(2)
        connection.dispose()
        subject.onNext(3)
        #expect(log.elements == [2])
        subscription.dispose()
    }

    @Test func replayConnectableReplaysToLateSubscribers() {
        let subject = PublishSubject<Int>()
        let replayed = subject.replay(2)
        let connection = replayed.connect()
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let log = EventLog<Int>()
        let subscription = replayed.subscribe(log)
        #expect(log.elements == [2, 3])
        subscription.dispose()
        connection.dispose()
    }

    @Test func multicastThroughAGivenSubject() {
        let target = BehaviorSubject(value: 0)
        let source = PublishSubject<Int>()
        let connectable = source.multicast(target)
        let log = EventLog<Int>()
        let subscription = connectable.subscribe(log)
        let connection = connectable.connect()
        source.onNext(5)
        #expect(log.elements == [0, 5])
        connection.dispose()
        subscription.dispose()
    }

    @Test func refCountConnectsWithTheFirstAndDisconnectsWithTheLast() {
        let subject = PublishSubject<Int>()
        let counted = subject.publish().refCount()
        #expect(!subject.hasObservers)
        let a = counted.subscribe(onNext: { _ in })
        #expect(subject.hasObservers)
        let b = counted.subscribe(onNext: { _ in })
        a.dispose()
        #expect(subject.hasObservers)
        b.dispose()
        #expect(!subject.hasObservers)
    }
}

/// Connecting and subscribing again from a subscriber's `onCompleted`/`onError`: the schedules of RxSwift's
/// `testMulticastWhileConnected_*`, `testMulticastForever_*` and `testRefCount_synchronousResubscribingOn*Works`.
@Suite(.checksResources) struct ConnectionRestartTests {
    /// The source of the multicast cases: 430:2, an end at 435, then 450:9 and 520:11.
    private func source(_ scheduler: TestScheduler, failing: Bool) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(410, 13), .next(430, 2), failing ? .error(435, TestError()) : .completed(435), .next(450, 9),
            .next(520, 11), .next(560, 20), .completed(800),
        ])
    }

    @Test(arguments: [false, true])
    func aSubjectPerConnectionRestartsFreshFromInsideTheEnd(failing: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, failing: failing)
        let ys = xs.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
        let res = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        var connections: [any Disposable] = []
        scheduler.scheduleAt(405) {
            let restart = { () -> Void in
                subscriptions.append(ys.subscribe(res))
                connections.append(ys.connect())
            }
            subscriptions.append(
                ys.do(onError: { _ in restart() }, onCompleted: { restart() }).subscribe(res))
        }
        scheduler.scheduleAt(420) { connections.append(ys.connect()) }
        scheduler.scheduleAt(530) { for connection in connections { connection.dispose() } }
        scheduler.start()
        let end: Recorded<Event<Int>> = failing ? .error(435, TestError()) : .completed(435)
        // The new subscriber joined a fresh subject: no replayed 2, no end; the new connection feeds it.
        #expect(res.events == [.next(430, 2), end, .next(450, 9), .next(520, 11)])
        #expect(xs.subscriptions == [Subscription(420, 435), Subscription(435, 530)])
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test(arguments: [false, true])
    func aFixedSubjectReplaysItsEndToASubscriberFromInsideTheEnd(failing: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, failing: failing)
        let ys = xs.multicast(ReplaySubject<Int>.create(bufferSize: 1))
        let res = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        var connections: [any Disposable] = []
        scheduler.scheduleAt(405) {
            let restart = { () -> Void in
                subscriptions.append(ys.subscribe(res))
                connections.append(ys.connect())
            }
            subscriptions.append(
                ys.do(onError: { _ in restart() }, onCompleted: { restart() }).subscribe(res))
        }
        scheduler.scheduleAt(420) { connections.append(ys.connect()) }
        scheduler.scheduleAt(530) { for connection in connections { connection.dispose() } }
        scheduler.start()
        let end: Recorded<Event<Int>> = failing ? .error(435, TestError()) : .completed(435)
        // As in RxSwift, the new subscriber's replay arrives during its subscribe, nested inside the delivery of
        // the end: [2, 2, end, end].
        #expect(res.events == [.next(430, 2), .next(435, 2), end, end])
        // The new connection runs the source again, into a subject that already ended.
        #expect(xs.subscriptions == [Subscription(420, 435), Subscription(435, 530)])
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test(arguments: [false, true])
    func refCountReconnectsForASubscriberComingBackFromInsideTheEnd(failing: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let end: (TestTime) -> Recorded<Event<Int>> = { failing ? .error($0, TestError()) : .completed($0) }
        let sources = [
            scheduler.createColdObservable([.next(10, 1), end(20)]),
            scheduler.createColdObservable([.next(10, 2), end(30)]),
            scheduler.createColdObservable([.next(10, 3), end(40)]),
        ]
        var nextSource = 0
        let shared = Observable<Int>.deferred {
            defer { nextSource += 1 }
            return sources[nextSource].asObservable()
        }.multicast(makeSubject: { PublishSubject<Int>() }).refCount()
        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)
        var subscriptions: [any Disposable] = []
        func subscribe(_ observer: TestableObserver<Int>, again: Bool) {
            var resubscribed = !again
            let comeBack = {
                guard !resubscribed else { return }
                resubscribed = true
                subscriptions.append(shared.subscribe(observer))
            }
            subscriptions.append(
                shared.do(onError: { _ in comeBack() }, onCompleted: comeBack).subscribe(observer))
        }
        scheduler.scheduleAt(215) { subscribe(o1, again: true) }
        scheduler.scheduleAt(220) { subscribe(o2, again: true) }
        scheduler.scheduleAt(400) { subscribe(o3, again: false) }
        scheduler.start()
        #expect(o1.events == [.next(225, 1), end(235), .next(245, 2), end(265)])
        #expect(o2.events == o1.events)
        #expect(o3.events == [.next(410, 3), end(440)])
        #expect(sources[0].subscriptions == [Subscription(215, 235)])
        #expect(sources[1].subscriptions == [Subscription(235, 265)])
        #expect(sources[2].subscriptions == [Subscription(400, 440)])
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test func aReplayConnectedBeforeAnySubscriberLeavesNothingBehindWhenDropped() {
        expectNoLeaks {
            let log = EventLog<Int>()
            var subscription: (any Disposable)?
            do {
                let replayed = Observable.of(1, 2, 3).replay(2)
                replayed.connect()
                // The run ended during connect(): this subscriber waits on a new subject, as in RxSwift.
                subscription = replayed.subscribe(log)
            }
            #expect(log.events.isEmpty)
            subscription = nil
            _ = subscription
        }
    }
}
