import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct RetryWhenTests {
    @Test func resubscribesWhenTheTriggerEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let result = scheduler.start {
            source.retry(when: { (errors: Observable<TestError>) in
                errors.enumerated().flatMap { attempt, error -> Observable<Int> in
                    attempt < 2 ? Observable<Int>.timer(.seconds(5), scheduler: scheduler) : .error(error)
                }
            })
        }
        #expect(
            result.events == [
                .next(210, 1), .next(235, 1), .next(260, 1), .error(270, TestError()),
            ])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(225, 245), Subscription(250, 270)])
    }

    @Test func triggerCompletionCompletesAndSourceCompletionCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let result = scheduler.start { source.retry(when: { (errors: Observable<any Error>) in errors.take(1) }) }
        // The first error's element resubscribes at once; take(1)'s completion comes while no failure waits, so (as in
        // RxSwift, which listens to the trigger through a subject only while a failure waits) it ends the result at
        // the next failure.
        #expect(result.events == [.next(210, 1), .next(230, 1), .completed(240)])
        #expect(source.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
        let finishing = TestScheduler(initialClock: 0)
        let completing = finishing.createColdObservable([.next(10, 1), .completed(20)])
        let ended = finishing.start { completing.retry(when: { (errors: Observable<any Error>) in errors }) }
        #expect(ended.events == [.next(210, 1), .completed(220)])
    }

    @Test func anErrorOfAnotherTypeIsEmittedAtOnce() {
        struct Other: Error {}
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, Other())])
        let result = scheduler.start { source.retry(when: { (errors: Observable<TestError>) in errors }) }
        #expect(result.events.count == 2)
        #expect(result.events.last?.value.error is Other)
    }

    @Test func disposalEndsTheAttemptAndTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .error(20, TestError())])
        let trigger = scheduler.createHotObservable([.next(300, 0)])
        let result = scheduler.start(disposed: 260) {
            source.retry(when: { (errors: Observable<any Error>) in trigger.asObservable() })
        }
        #expect(result.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(trigger.subscriptions == [Subscription(200, 260)])
    }

    @Test func aSynchronouslyFailingSourceDoesNotGrowTheStack() {
        var attempts = 0
        let source = Observable<Int>.deferred {
            attempts += 1
            return .error(TestError())
        }
        let log = EventLog<Int>()
        source.retry(when: { (errors: Observable<any Error>) in errors.take(10_000) }).subscribe(log)
        // 10,000 triggered retries after the first attempt; the last attempt's failure meets the trigger's end.
        #expect(attempts == 10_001)
        #expect(log.isCompleted)
    }
}
