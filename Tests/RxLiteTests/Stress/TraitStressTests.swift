import Foundation
import RxLite
import RxLiteTest
import Testing

/// Real threads against the trait engines that hold state across upstreams.
@Suite(.serialized, .checksResources) struct TraitStressTests {
    /// Each attempt fails on a global queue; the trigger answers every failure on that thread, while other threads
    /// send spare triggers (a bounded number: an endless flood only queues up behind the serialized trigger). A
    /// trigger counts only while a failure waits, so there is exactly one new attempt per failure, and output keeps
    /// the Rx contract.
    @Test(.checksResources(.processWide)) func retryWhenWithTheSourceAndTheTriggerOnDifferentThreads() {
        let rounds = min(stressIterations, 500)
        let attempts = Protected(0)
        let source = Single<Int>.create { observer in
            let attempt = attempts.withLock { count -> Int in
                count += 1
                return count
            }
            DispatchQueue.global().async {
                observer(attempt < rounds ? .failure(TestError()) : .success(attempt))
            }
            return Disposables.create()
        }
        let spareTriggers = PublishSubject<Void>()
        let log = EventLog<Int>()
        let finished = DispatchSemaphore(value: 0)
        let subscription =
            source
            .retry { (errors: Observable<TestError>) in
                Observable.merge(errors.map { _ in () }, spareTriggers.asObservable())
            }
            .asObservable()
            .do(afterCompleted: { finished.signal() })
            .subscribe(log)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<rounds { spareTriggers.onNext(()) }
        }
        finished.wait()
        #expect(log.events.map(\.summary) == ["next(\(rounds))", "completed"])
        #expect(log.contractViolations == 0)
        #expect(attempts.withLock { $0 } == rounds)
        subscription.dispose()
    }
}
