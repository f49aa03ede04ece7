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

@Suite(.checksResources) struct ZipTests {
    @Test func pairsElementsByIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a-b---c|", values: ["a": 1, "b": 2, "c": 3])
        let second = scheduler.createHotObservable("^--x---y---z|", values: ["x": 10, "y": 20, "z": 30])
        let result = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
        // Completes once both have completed, as RxSwift 6 does (testZip_LeftCompletesFirst).
        #expect(result.events == [.next(220, 11), .next(260, 22), .next(300, 33), .completed(310)])
    }

    @Test func aCompletedSourceWithNothingLeftToPairDoesNotEndIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a|", values: ["a": 1])
        let second = scheduler.createHotObservable("^----x-y-z", values: ["x": 10, "y": 20, "z": 30])
        let result = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
        #expect(result.events == [.next(240, 11)])
        #expect(first.subscriptions == [Subscription(200, 220)])
        #expect(second.subscriptions == [Subscription(200, 1000)])
    }

    @Test func neverZippedWithEmptyNeverEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable("^-|", values: [Character: Int]())
        let result = scheduler.start { Observable.zip(Observable<Int>.never(), empty) { $0 + $1 } }
        #expect(result.events == [])
        #expect(empty.subscriptions == [Subscription(200, 210)])
    }

    @Test func errorEndsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a-#", values: ["a": 1])
        let second = scheduler.createHotObservable("^---------", values: [Character: Int]())
        let result = scheduler.start { Observable.zip(first, second) { $0 + $1 } }
        #expect(result.events == [.error(230, TestError())])
    }

    @Test func threeFourAndCollection() {
        let log3 = EventLog<Int>()
        Observable.zip(Observable.of(1, 2), Observable.of(10, 20, 30), Observable.of(100, 200)) { $0 + $1 + $2 }
            .subscribe(log3)
        #expect(log3.events.map(\.summary) == ["next(111)", "next(222)", "completed"])
        let log4 = EventLog<Int>()
        Observable.zip(Observable.just(1), Observable.just(2), Observable.just(3), Observable.just(4)) {
            $0 + $1 + $2 + $3
        }.subscribe(log4)
        #expect(log4.elements == [10])
        let collection = EventLog<[Int]>()
        Observable.zip([Observable.of(1, 2), Observable.of(3, 4)]).subscribe(collection)
        #expect(collection.elements == [[1, 3], [2, 4]])
        #expect(collection.isCompleted)
    }

    @Test func moreThanSixtyFourSourcesCompleteWhenAllAreDoneOrOneIsStarved() {
        let subjects = (0..<70).map { _ in PublishSubject<Int>() }
        let log = EventLog<[Int]>()
        let subscription = Observable.zip(subjects).subscribe(log)
        for index in 0..<69 { subjects[index].onNext(index) }
        subjects[67].onNext(670)
        // Done with one element still queued: no end yet.
        subjects[67].onCompleted()
        #expect(log.count == 0)
        subjects[69].onNext(69)
        #expect(log.elements == [Array(0..<70)])
        #expect(!log.isCompleted)
        for index in 0..<70 { subjects[index].onNext(index + 100) }
        // Source 67's second element was its last, but the others may still pair up: no end (RxSwift).
        var last = Array(100..<170)
        last[67] = 670
        #expect(log.events.map(\.summary) == ["next(\(Array(0..<70)))", "next(\(last))"])
        for index in 0..<70 where index != 67 { subjects[index].onCompleted() }
        #expect(log.events.map(\.summary) == ["next(\(Array(0..<70)))", "next(\(last))", "completed"])
        #expect(log.contractViolations == 0)
        subscription.dispose()
        // The collection form also ends when an element that cannot be paired arrives while every other source is
        // done (RxSwift's testZip_NAry_asymmetric).
        let starved = EventLog<[Int]>()
        let sources = (0..<70).map { _ in PublishSubject<Int>() }
        let second = Observable.zip(sources).subscribe(starved)
        for index in 0..<70 where index != 5 { sources[index].onCompleted() }
        #expect(starved.events.isEmpty)
        sources[5].onNext(1)
        #expect(starved.events.map(\.summary) == ["completed"])
        second.dispose()
    }

    @Test func longQueuesStayInOrder() {
        let left = PublishSubject<Int>()
        let right = PublishSubject<Int>()
        var pairs: [Int] = []
        let subscription = Observable.zip(left, right) { $0 * 1_000 + $1 }.subscribe(onNext: { pairs.append($0) })
        for value in 0..<500 { left.onNext(value) }
        for value in 0..<500 { right.onNext(value) }
        #expect(pairs == (0..<500).map { $0 * 1_000 + $0 })
        subscription.dispose()
    }
}

@Suite(.checksResources) struct WithLatestFromTests {
    @Test func combinesEachElementWithTheLatestOfTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a--b-c--|", values: ["a": 1, "b": 2, "c": 3])
        let second = scheduler.createHotObservable("^--x---y|", values: ["x": 10, "y": 20])
        let result = scheduler.start { first.withLatestFrom(second) { $0 + $1 } }
        // `a` arrives before `second` has a value and is dropped; `second` completing changes nothing.
        #expect(result.events == [.next(240, 12), .next(260, 13), .completed(290)])
    }

    @Test func secondFormEmitsTheOtherValue() {
        let trigger = PublishSubject<Void>()
        let value = BehaviorRelay(value: "a")
        let log = EventLog<String>()
        let subscription = trigger.withLatestFrom(value).subscribe(log)
        trigger.onNext(())
        value.accept("b")
        trigger.onNext(())
        #expect(log.elements == ["a", "b"])
        subscription.dispose()
    }

    @Test func errorOfTheSecondEndsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createHotObservable("^-a---b", values: ["a": 1, "b": 2])
        let second = scheduler.createHotObservable("^x-#", values: ["x": 10])
        let result = scheduler.start { first.withLatestFrom(second) { $0 + $1 } }
        #expect(result.events == [.error(220, TestError())])
        #expect(first.subscriptions == [Subscription(200, 220)])
    }
}
