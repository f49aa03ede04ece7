import RxLite
import RxLiteTest
import Testing

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

    /// The schedule of both multicast cases: at 405 a subscriber that, on the end, subscribes and connects again;
    /// a connection at 420; every connection disposed at 530. Runs it; returns what the subscribers got and their
    /// subscriptions, for the test to end.
    private func restartFromInsideTheEnd(
        _ ys: ConnectableObservable<Int>, _ scheduler: TestScheduler
    ) -> (TestableObserver<Int>, [any Disposable]) {
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
        return (res, subscriptions)
    }

    @Test(arguments: [false, true])
    func aSubjectPerConnectionRestartsFreshFromInsideTheEnd(failing: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, failing: failing)
        let ys = xs.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
        let (res, subscriptions) = restartFromInsideTheEnd(ys, scheduler)
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
        let (res, subscriptions) = restartFromInsideTheEnd(ys, scheduler)
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
