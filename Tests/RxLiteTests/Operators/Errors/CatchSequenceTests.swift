import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct CatchSequenceTests {
    @Test func movesToTheNextSourceOnErrorAndStopsAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.next(10, 1), .error(20, TestError("1"))])
        let second = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let third = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let result = scheduler.start {
            Observable.catch(sequence: [first.asObservable(), second.asObservable(), third.asObservable()])
        }
        #expect(result.events == [.next(210, 1), .next(230, 2), .completed(240)])
        #expect(first.subscriptions == [Subscription(200, 220)])
        #expect(second.subscriptions == [Subscription(220, 240)])
        #expect(third.subscriptions == [])
    }

    @Test func allFailingEmitsTheLastErrorAndEmptyCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([.error(10, TestError("1"))] as [Recorded<Event<Int>>])
        let second = scheduler.createColdObservable([.error(10, TestError("2"))] as [Recorded<Event<Int>>])
        let result = scheduler.start { Observable.catch(sequence: [first.asObservable(), second.asObservable()]) }
        #expect(result.events == [.error(220, TestError("2"))])
        let log = EventLog<Int>()
        Observable<Int>.catch(sequence: []).subscribe(log)
        #expect(log.isCompleted)
    }

    @Test func synchronousFailuresLoopAndDisposalStopsTheCurrentSource() {
        let log = EventLog<Int>()
        let failing = Array(repeating: Observable<Int>.error(TestError()), count: 10_000)
        Observable.catch(sequence: failing + [.just(1)]).subscribe(log)
        #expect(log.elements == [1])
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(100, 1)])
        let result = scheduler.start(disposed: 250) { Observable.catch(sequence: [source.asObservable()]) }
        #expect(result.events == [])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }
}
