import Dispatch
import RxLite
import RxLiteTest
import Testing

/// RxSwift's debug counters (its `TRACE_RESOURCES` build), in RxLite's debug builds.
@Suite(.checksResources) struct ResourcesTests {
    #if DEBUG
        @Test func incrementAndDecrementMoveTheTotal() {
            let before = Resources.total
            #expect(Resources.incrementTotal() == before + 1)
            #expect(Resources.total == before + 1)
            #expect(Resources.decrementTotal() == before)
            #expect(Resources.total == before)
        }

        @Test func serialDispatchQueueObservablesAreCountedWhileTheyLive() {
            let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "resources-test")
            let concurrent = ConcurrentDispatchQueueScheduler(queue: DispatchQueue.global())
            #expect(Resources.numberOfSerialDispatchQueueObservables == 0)
            var observed: Observable<Int>? = Observable.just(0).observe(on: serial)
            #expect(Resources.numberOfSerialDispatchQueueObservables == 1)
            var onMain: Observable<Int>? = Observable.just(0).observe(on: MainScheduler.instance)
            #expect(Resources.numberOfSerialDispatchQueueObservables == 2)
            let others = [
                Observable.just(0).observe(on: concurrent), Observable.just(0).observe(on: TestScheduler()),
            ]
            #expect(Resources.numberOfSerialDispatchQueueObservables == 2)
            observed = nil
            onMain = nil
            #expect(Resources.numberOfSerialDispatchQueueObservables == 0)
            _ = (observed, onMain, others)
        }

        /// As in RxSwift, the count is of observables: a subscription does not keep the observable it was made from.
        @Test func subscriptionsAreNotCounted() {
            let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "resources-subscribed")
            let subject = PublishSubject<Int>()
            let subscription = subject.observe(on: serial).subscribe()
            #expect(Resources.numberOfSerialDispatchQueueObservables == 0)
            subscription.dispose()
        }

        @Test func aChainOfSourcesIsOneLevelDeep() {
            Resources.maxTailRecursiveSinkStackSize = 0
            var elements: [Int] = []
            _ = Observable.concat([Observable.just(1), Observable.just(2), Observable.just(3)])
                .subscribe(onNext: { elements.append($0) })
            #expect(elements == [1, 2, 3])
            #expect(Resources.maxTailRecursiveSinkStackSize == 1)
        }

        @Test func aChainThatIsASourceOfAnotherIsOneLevelDeeper() {
            Resources.maxTailRecursiveSinkStackSize = 0
            let innermost = Observable.concat([Observable.just(3)])
            let inner = Observable.concat([Observable.just(2), innermost.map { $0 }])
            let scheduler = TestScheduler()
            let res = scheduler.start { Observable.concat([Observable.just(1), inner]) }
            #expect(res.events == [.next(200, 1), .next(200, 2), .next(200, 3), .completed(200)])
            #expect(Resources.maxTailRecursiveSinkStackSize == 3)
            Resources.maxTailRecursiveSinkStackSize = 0
            #expect(Resources.maxTailRecursiveSinkStackSize == 0)
            #expect(maxTailRecursiveSinkStackSize == 0)
        }

        @Test func catchAndRetryAreChainsToo() {
            Resources.maxTailRecursiveSinkStackSize = 0
            let scheduler = TestScheduler()
            let failing = Observable<Int>.error(TestError())
            let res = scheduler.start {
                Observable.catch(sequence: [failing, Observable.concat([failing.retry(2), Observable.just(1)])])
            }
            #expect(res.events == [.error(200, TestError())])
            #expect(Resources.maxTailRecursiveSinkStackSize == 3)
        }

        @Test func whatTheSubscriberSubscribesToIsNotNested() {
            maxTailRecursiveSinkStackSize = 0
            let scheduler = TestScheduler()
            let res = scheduler.start {
                Observable.concat([Observable.of(1, 2)]).flatMap { element in
                    Observable.concat([Observable.just(element * 10)])
                }
            }
            #expect(res.events == [.next(200, 10), .next(200, 20), .completed(200)])
            #expect(maxTailRecursiveSinkStackSize == 1)
        }

        /// RxSwift's `testConcat_TailRecursionCollection`: each `concat` of an element and the next `concat`. RxSwift
        /// flattens a nested chain that is its enclosing chain's last source, and counts 1; RxLite keeps one chain per
        /// level (DifferencesFromRxSwift), and counts each.
        @Test func nestedConcatsCountEveryLevel() {
            func chain(from start: Int) -> Observable<Int> {
                Observable.concat(
                    [0, 1].lazy.map { index in
                        index == 0
                            ? Observable.just(start, scheduler: CurrentThreadScheduler.instance)
                            : chain(from: start + 1)
                    })
            }
            maxTailRecursiveSinkStackSize = 0
            var elements: [Int] = []
            _ = chain(from: 0).take(100).subscribe(onNext: { elements.append($0) })
            #expect(elements == Array(0..<100))
            #expect(maxTailRecursiveSinkStackSize == 100)
        }
    #endif
}
