import Dispatch
import RxLite
import RxLiteTest
import Testing

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
