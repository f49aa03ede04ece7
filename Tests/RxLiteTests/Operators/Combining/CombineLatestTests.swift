import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct CombineLatestTests {
    @Test func emitsOnceAllHaveAValueThenOnEveryChange() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a---c--|", values: ["a": 1, "c": 3])
        let second = scheduler.createHotObservable("^---b---d-|", values: ["b": 20, "d": 40])
        let result = scheduler.start { Observable.combineLatest(first, second) { $0 + $1 } }
        #expect(result.events == [.next(230, 21), .next(250, 23), .next(270, 43), .completed(290)])
        #expect(first.subscriptions == [Subscription(200, 280)])
        #expect(second.subscriptions == [Subscription(200, 290)])
    }

    @Test func errorFromEitherSourceEndsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a---#", values: ["a": 1])
        let second = scheduler.createHotObservable("^--b------", values: ["b": 2])
        let result = scheduler.start { Observable.combineLatest(first, second) { $0 * $1 } }
        #expect(result.events == [.next(220, 2), .error(250, TestError())])
        #expect(second.subscriptions == [Subscription(200, 250)])
    }

    @Test func selectorErrorEndsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a-b", values: ["a": 1, "b": 2])
        let second = scheduler.createHotObservable("^-c", values: ["c": 0])
        let result = scheduler.start {
            Observable.combineLatest(first, second) { value, _ -> Int in
                if value == 2 { throw TestError("selector") }
                return value
            }
        }
        #expect(result.events == [.next(210, 1), .error(230, TestError("selector"))])
    }

    @Test func sourceCompletingEmptyEndsItWhenAnotherEmits() {
        // RxSwift's testCombineLatest_EmptyReturn: nothing happens when the empty source completes; the next element
        // of another source shows that no output can ever come, and ends it.
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-|", values: [Character: Int]())
        let second = scheduler.createHotObservable("^--a--|", values: ["a": 1])
        let result = scheduler.start { Observable.combineLatest(first, second) { $0 + $1 } }
        #expect(result.events == [.completed(220)])
        #expect(second.subscriptions == [Subscription(200, 220)])
    }

    @Test func sourceCompletingEmptyNextToOneThatNeverEmitsNeverEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-|", values: [Character: Int]())
        let second = scheduler.createHotObservable("^-----", values: [Character: Int]())
        let result = scheduler.start { Observable.combineLatest(first, second) { $0 + $1 } }
        #expect(result.events == [])
        #expect(first.subscriptions == [Subscription(200, 210)])
    }

    @Test func threeAndFourSourcesAndTuples() {
        let log3 = EventLog<Int>()
        Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.of(3, 4)) { $0 + $1 + $2 }
            .subscribe(log3)
        #expect(log3.elements == [6, 7])
        let log4 = EventLog<String>()
        Observable.combineLatest(Observable.just("a"), Observable.just("b"), Observable.just("c"), Observable.just("d"))
            .map { $0 + $1 + $2 + $3 }
            .subscribe(log4)
        #expect(log4.elements == ["abcd"])
        #expect(log4.isCompleted)
    }

    @Test func collectionForm() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = [
            scheduler.createHotObservable("^-a---|", values: ["a": 1]),
            scheduler.createHotObservable("^--b-c-|", values: ["b": 2, "c": 3]),
            scheduler.createHotObservable("^---d-|", values: ["d": 4]),
        ]
        let result = scheduler.start { Observable.combineLatest(sources) }
        #expect(result.events == [.next(230, [1, 2, 4]), .next(240, [1, 3, 4]), .completed(260)])
        // As RxSwift: an empty collection emits the selector of no elements (here the empty array), then completes.
        let empty = EventLog<[Int]>()
        Observable<Int>.combineLatest([Observable<Int>]()).subscribe(empty)
        #expect(empty.events.map(\.summary) == ["next([])", "completed"])
        let counted = EventLog<Int>()
        Observable.combineLatest([Observable<Int>]()) { $0.count + 10 }.subscribe(counted)
        #expect(counted.events.map(\.summary) == ["next(10)", "completed"])
    }

    // 70 upstreams: which have a value and which are done sit in one 64-bit word for the first 64 and in an array
    // for the rest, so every step below touches both sides.
    @Test func moreThanSixtyFourSourcesWaitForEveryValueAndEveryCompletion() {
        let subjects = (0..<70).map { _ in PublishSubject<Int>() }
        let log = EventLog<[Int]>()
        let subscription = Observable.combineLatest(subjects).subscribe(log)
        for index in (0..<70).reversed() where index != 66 { subjects[index].onNext(index) }
        #expect(log.count == 0)
        subjects[66].onNext(66)
        #expect(log.elements == [Array(0..<70)])
        subjects[68].onNext(680)
        subjects[3].onNext(30)
        var expected = Array(0..<70)
        expected[68] = 680
        let first = expected
        expected[3] = 30
        #expect(log.elements == [Array(0..<70), first, expected])
        for index in 0..<70 where index != 65 { subjects[index].onCompleted() }
        #expect(!log.isCompleted)
        subjects[65].onNext(650)
        expected[65] = 650
        #expect(log.elements.last == expected)
        subjects[65].onCompleted()
        #expect(log.isCompleted)
        #expect(log.count == 5)
        #expect(log.contractViolations == 0)
        subscription.dispose()
    }

    @Test func moreThanSixtyFourBehaviorSubjectsCombineAtSubscribe() {
        let subjects = (0..<70).map { BehaviorSubject(value: $0) }
        let log = EventLog<Int>()
        let subscription = Observable.combineLatest(subjects) { $0.reduce(0, +) }.subscribe(log)
        #expect(log.elements == [(0..<70).reduce(0, +)])
        subjects[69].onNext(0)
        #expect(log.elements == [(0..<70).reduce(0, +), (0..<69).reduce(0, +)])
        subscription.dispose()
        let justs = EventLog<[Int]>()
        Observable.combineLatest((0..<70).map { Observable.just($0) }).subscribe(justs)
        #expect(justs.events.map(\.summary) == ["next(\(Array(0..<70)))", "completed"])
    }

    @Test func disposeMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a-b-c", values: ["a": 1, "b": 2, "c": 3])
        let second = scheduler.createHotObservable("^-x", values: ["x": 10])
        let result = scheduler.start(disposed: 235) { Observable.combineLatest(first, second) { $0 + $1 } }
        #expect(result.events == [.next(210, 11), .next(230, 12)])
        #expect(first.subscriptions == [Subscription(200, 235)])
    }

    @Test func concurrentProducersKeepTheContract() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = Observable.combineLatest(left, right) { $0 + $1 }.subscribe(log)
        left.onNext(0)
        right.onNext(0)
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for value in 1...5_000 { (side == 0 ? left : right).onNext(value) }
        }
        #expect(log.count == 1 + 10_000)
        #expect(log.elements.last == 10_000)
        #expect(log.contractViolations == 0)
        subscription.dispose()
    }
}
