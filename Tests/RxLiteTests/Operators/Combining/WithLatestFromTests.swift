import Dispatch
import RxLite
import RxLiteTest
import Testing

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
