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
