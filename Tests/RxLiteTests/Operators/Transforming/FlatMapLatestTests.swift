import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct FlatMapLatestTests {
    @Test func switchesToTheLatestInnerSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let inners = [
            scheduler.createColdObservable("-a-b-c|", values: ["a": 1, "b": 2, "c": 3]),
            scheduler.createColdObservable("-d-e|", values: ["d": 4, "e": 5]),
        ]
        let source = scheduler.createHotObservable("^-x--y----|", values: ["x": 0, "y": 1])
        let result = scheduler.start { source.flatMapLatest { inners[$0] } }
        // `y` at 240 switches before the first inner sequence's `b`, scheduled later for the same tick.
        #expect(result.events == [.next(220, 1), .next(250, 4), .next(270, 5), .completed(290)])
        #expect(inners[0].subscriptions == [Subscription(210, 240)])
        #expect(inners[1].subscriptions == [Subscription(240, 280)])
    }

    @Test func completesWhenOuterAndLatestInnerAreDone() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = scheduler.createColdObservable("---a|", values: ["a": 1])
        let source = scheduler.createHotObservable("^-x|", values: ["x": 0])
        let result = scheduler.start { source.flatMapLatest { _ in inner } }
        #expect(result.events == [.next(240, 1), .completed(250)])
    }

    @Test func lateResultOfAReplacedInnerNeverShows() {
        let first = PublishSubject<String>()
        let second = PublishSubject<String>()
        let trigger = PublishSubject<Int>()
        let log = EventLog<String>()
        let subscription = trigger.flatMapLatest { $0 == 1 ? first.asObservable() : second.asObservable() }
            .subscribe(log)
        trigger.onNext(1)
        trigger.onNext(2)
        first.onNext("stale")
        second.onNext("fresh")
        #expect(log.elements == ["fresh"])
        #expect(!first.hasObservers)
        subscription.dispose()
        #expect(!second.hasObservers)
    }
}
