import RxLite
import RxLiteTest
import Testing

/// The RxCocoa operators and factories of Driver and Signal. Every conversion hops to the sharing scheduler, which
/// in a test is the test scheduler: one tick after the source (its processing delay).
@Suite(.checksResources) struct SharedSequenceOperatorsTests {
    /// Runs `body` with the sharing scheduler mocked by a fresh test scheduler.
    func run<Result>(_ body: (TestScheduler) -> Result) -> Result {
        let scheduler = TestScheduler(initialClock: 0)
        return SharingScheduler.mock(scheduler: scheduler) { body(scheduler) }
    }

    @Test func flatMapInterleavesAndMayChangeTheStrategy() {
        let result = run { scheduler in
            let outer = scheduler.createHotObservable("^-a---b----", values: ["a": 1, "b": 2])
            return scheduler.start {
                outer.asDriver(onErrorJustReturn: 0).flatMap { value in
                    scheduler.createColdObservable("-x-y|", values: ["x": value * 10, "y": value * 100])
                        .asSignal(onErrorJustReturn: -1)
                }
            }
        }
        #expect(result.events == [.next(222, 10), .next(242, 100), .next(262, 20), .next(282, 200)])
    }

    @Test func flatMapLatestAndSwitchLatestDropTheOlderInner() {
        let result = run { scheduler in
            let outer = scheduler.createHotObservable("^-a-b------", values: ["a": 1, "b": 2])
            return scheduler.start {
                outer.asDriver(onErrorJustReturn: 0).map { value in
                    scheduler.createColdObservable("--x-y|", values: ["x": value * 10, "y": value * 100])
                        .asDriver(onErrorJustReturn: -1)
                }.switchLatest()
            }
        }
        #expect(result.events == [.next(252, 20), .next(272, 200)])
    }

    @Test func mergeStaticAndFlattening() {
        let result = run { scheduler in
            let a = scheduler.createHotObservable("^-a---c-|", values: ["a": 1, "c": 3])
            let b = scheduler.createHotObservable("^---b---|", values: ["b": 2])
            return scheduler.start {
                Driver.merge(a.asDriver(onErrorJustReturn: 0), b.asDriver(onErrorJustReturn: 0))
            }
        }
        #expect(result.events == [.next(211, 1), .next(231, 2), .next(251, 3), .completed(271)])
        let flattened = run { scheduler in
            let b = scheduler.createHotObservable("^---b---c-|", values: ["b": 2, "c": 3])
            let drivers = b.asDriver(onErrorJustReturn: 0).map { Driver.just($0 * 3) }
            return scheduler.start { Driver.merge([drivers.merge(maxConcurrent: 1), drivers.merge()]) }
        }
        #expect(flattened.events == [.next(232, 6), .next(232, 6), .next(272, 9), .next(272, 9), .completed(291)])
    }

    @Test func concatRunsTheSourcesInTurn() {
        let result = run { scheduler in
            let a = scheduler.createColdObservable("-a|", values: ["a": 1])
            let b = scheduler.createColdObservable("-b|", values: ["b": 2])
            return scheduler.start {
                Signal.concat([a.asSignal(onErrorJustReturn: 0), b.asSignal(onErrorJustReturn: 0)])
            }
        }
        #expect(result.events == [.next(211, 1), .next(232, 2), .completed(242)])
    }

    @Test func scanSkipAndDistinctUntilChanged() {
        struct Point: Equatable { var x: Int }
        let result = run { scheduler in
            let source = scheduler.createHotObservable("^-a-b-c-d-|", values: ["a": 1, "b": 1, "c": 2, "d": 3])
            return scheduler.start {
                source.asDriver(onErrorJustReturn: 0)
                    .map { Point(x: $0) }
                    .distinctUntilChanged(at: \.x)
                    .distinctUntilChanged({ $0.x % 2 }, comparer: ==)
                    .scan(into: [Int]()) { $0.append($1.x) }
                    .scan(0) { $0 + $1.count }
                    .skip(1)
            }
        }
        #expect(result.events == [.next(251, 3), .next(271, 6), .completed(291)])
    }

    @Test func delayAndDebug() {
        let result = run { scheduler in
            let source = scheduler.createHotObservable("^-a-b-|", values: ["a": 1, "b": 2])
            return scheduler.start { source.asDriver(onErrorJustReturn: 0).debug("driver").delay(.seconds(20)) }
        }
        #expect(result.events == [.next(231, 1), .next(251, 2), .completed(271)])
    }

    @Test func factories() {
        let result = run { scheduler in
            scheduler.start(disposed: 260) {
                Driver<Int>.deferred {
                    Driver.concat([
                        Driver.of(1, 2), Driver.from([3]), Driver.from(3..<5), Driver.from(optional: 5),
                        Driver.from(optional: nil), Driver<Int>.timer(.seconds(5)), Driver<Int>.interval(.seconds(20)),
                    ])
                }
            }
        }
        #expect(
            result.events == [
                .next(201, 1), .next(202, 2), .next(204, 3), .next(206, 3), .next(207, 4), .next(209, 5),
                .next(215, 0), .next(235, 0), .next(255, 1),
            ])
    }

    @Test func disposingEndsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable("^-a-b-c-d-e-", values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
        let b = scheduler.createHotObservable("^--x--y---", values: ["x": 10, "y": 20])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start(disposed: 245) {
                Signal.merge(a.asSignal(onErrorJustReturn: 0), b.asSignal(onErrorJustReturn: 0))
                    .flatMapLatest { Signal.just($0) }
            }
        }
        #expect(result.events.map(\.value.element) == [1, 10, 2])
        #expect(a.subscriptions == [Subscription(200, 245)])
        #expect(b.subscriptions == [Subscription(200, 245)])
    }
}
