import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct MergeTests {
    @Test func interleavesAndCompletesWhenAllComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a---c-|", values: ["a": 1, "c": 3])
        let second = scheduler.createHotObservable("^--b---d---|", values: ["b": 2, "d": 4])
        let result = scheduler.start { Observable.merge(first.asObservable(), second.asObservable()) }
        #expect(result.events == [.next(210, 1), .next(220, 2), .next(250, 3), .next(260, 4), .completed(300)])
        #expect(first.subscriptions == [Subscription(200, 270)])
        #expect(second.subscriptions == [Subscription(200, 300)])
    }

    @Test func anErrorEndsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a--#", values: ["a": 1])
        let second = scheduler.createHotObservable("^--b---c", values: ["b": 2, "c": 3])
        let result = scheduler.start { Observable.merge(first.asObservable(), second.asObservable()) }
        #expect(result.events == Recorded.events(fromMarbles: "^-ab-#", values: ["a": 1, "b": 2]))
        #expect(second.subscriptions == [Subscription(200, 240)])
    }

    @Test func disposeMidStreamUnsubscribesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a---c", values: ["a": 1, "c": 3])
        let second = scheduler.createHotObservable("^--b---d", values: ["b": 2, "d": 4])
        let result = scheduler.start(disposed: 235) { Observable.merge(first.asObservable(), second.asObservable()) }
        #expect(result.events == Recorded.events(fromMarbles: "^-ab", values: ["a": 1, "b": 2]))
        #expect(first.subscriptions == [Subscription(200, 235)])
        #expect(second.subscriptions == [Subscription(200, 235)])
    }

    @Test func emptyListCompletesAtOnce() {
        let log = EventLog<Int>()
        Observable<Int>.merge([]).subscribe(log)
        #expect(log.events.map(\.summary) == ["completed"])
    }

    @Test func mergeOfInnerSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable("-a-b|", values: ["a": 1, "b": 2])
        let inner2 = scheduler.createColdObservable("--c|", values: ["c": 3])
        let outer = scheduler.createHotObservable(
            "^-x-y--|", values: ["x": inner1.asObservable(), "y": inner2.asObservable()])
        let result = scheduler.start { outer.merge() }
        #expect(result.events == [.next(220, 1), .next(240, 2), .next(250, 3), .completed(260)])
    }

    @Test func maxConcurrentQueuesInnerSequences() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner1 = scheduler.createColdObservable("-a-b|", values: ["a": 1, "b": 2])
        let inner2 = scheduler.createColdObservable("-c|", values: ["c": 3])
        let outer = scheduler.createHotObservable(
            "^-xy---|", values: ["x": inner1.asObservable(), "y": inner2.asObservable()])
        let result = scheduler.start { outer.merge(maxConcurrent: 1) }
        // The second inner sequence starts only when the first completes, at 250.
        #expect(result.events == [.next(220, 1), .next(240, 2), .next(260, 3), .completed(270)])
        #expect(inner2.subscriptions == [Subscription(250, 270)])
    }

    @Test func concurrentProducersAreSerialized() {
        let subjects = (0..<4).map { _ in PublishSubject<Int>() }
        let log = EventLog<Int>()
        let subscription = Observable.merge(subjects.map { $0.asObservable() }).subscribe(log)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<5_000 { subjects[index].onNext(value) }
            subjects[index].onCompleted()
        }
        #expect(log.count == 4 * 5_000 + 1)
        #expect(log.isCompleted)
        #expect(log.contractViolations == 0)
        subscription.dispose()
    }

    @Test func observerFeedingAMergedSubjectDoesNotDeadlock() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = Observable.merge(subject.asObservable(), Observable.never())
            .subscribe(onNext: { value in
                received.append(value)
                if value < 3 { subject.onNext(value + 1) }
            })
        subject.onNext(1)
        #expect(received == [1, 2, 3])
        subscription.dispose()
    }
}
