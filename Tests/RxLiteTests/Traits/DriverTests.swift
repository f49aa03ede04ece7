import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct DriverTests {
    @Test func neverErrorsOnErrorJustReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-#", values: ["a": 1, "b": 2])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { source.asDriver(onErrorJustReturn: -1) }
        }
        // The test scheduler delivers one tick after the source (its processing delay): that tick is the hop.
        #expect(result.events == [.next(211, 1), .next(231, 2), .next(251, -1), .completed(251)])
    }

    @Test func onErrorDriveWithContinuesWithTheFallback() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-#", values: ["a": 1])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { source.asDriver(onErrorDriveWith: Driver.just(9)) }
        }
        #expect(result.events == [.next(211, 1), .next(232, 9), .completed(232)])
    }

    @Test func onErrorRecoverSeesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-#", values: ["a": 1], error: TestError("boom"))
        var seen: [TestError] = []
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start {
                source.asDriver(onErrorRecover: { error in
                    seen.append(error as! TestError)
                    return Driver.empty()
                })
            }
        }
        #expect(seen == [TestError("boom")])
        #expect(result.events == [.next(211, 1), .completed(231)])
    }

    @Test func replaysTheLatestToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var runs = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Observable.deferred {
                runs += 1
                return subject.asObservable()
            }.asDriver(onErrorJustReturn: 0)
            let early = EventLog<Int>()
            let late = EventLog<Int>()
            let first = driver.asObservable().subscribe(early)
            subject.onNext(1)
            subject.onNext(2)
            scheduler.start()
            let second = driver.asObservable().subscribe(late)
            #expect(late.elements == [2])
            subject.onNext(3)
            scheduler.start()
            #expect(early.elements == [1, 2, 3])
            #expect(late.elements == [2, 3])
            // One subscription to the source, shared.
            #expect(runs == 1)
            first.dispose()
            second.dispose()
            #expect(!subject.hasObservers)
        }
    }

    @Test func deliversOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let log = EventLog<Int>()
        SharingScheduler.mock(scheduler: scheduler) {
            let subscription = subject.asDriver(onErrorJustReturn: 0).asObservable().subscribe(log)
            subject.onNext(1)
            // Produced, not yet delivered: the element waits for the scheduler.
            #expect(log.elements.isEmpty)
            #expect(scheduler.pendingCount == 1)
            scheduler.advanceBy(1)
            #expect(log.elements == [1])
            subscription.dispose()
        }
    }

    @Test func theSchedulerIsTheMainSchedulerOutsideAMock() {
        #expect(SharingScheduler.make() as? MainScheduler === MainScheduler.instance)
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            #expect(DriverSharingStrategy.scheduler as? TestScheduler === scheduler)
            #expect(SignalSharingStrategy.scheduler as? TestScheduler === scheduler)
        }
        #expect(DriverSharingStrategy.scheduler as? MainScheduler === MainScheduler.instance)
    }

    @MainActor
    @Test(.checksResources(.processWide)) func deliversOnTheMainQueueWithoutAMock() async {
        let baseline = Resources.total
        #expect(await Self.driveThreeFromABackgroundThread() == [true, true, true])
        // The main queue releases each dispatched action's handle just after running it.
        await expectResourcesReturn(to: baseline)
    }

    /// A background producer; the driver hands each element to the main scheduler. Returns, per element, whether it
    /// arrived on the main queue; everything it built is out of scope once it returns.
    @MainActor
    static func driveThreeFromABackgroundThread() async -> [Bool] {
        let relay = PublishRelay<Int>()
        let driver = relay.asObservable().asDriver(onErrorJustReturn: 0)
        var onMainQueue: [Bool] = []
        var subscription: (any Disposable)?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            subscription = driver.drive(onNext: { value in
                onMainQueue.append(MainScheduler.isOnMainQueue)
                if value == 3 { done.resume() }
            })
            Task.detached {
                for value in 1...3 { relay.accept(value) }
            }
        }
        subscription?.dispose()
        return onMainQueue
    }

    @MainActor
    @Test func driveForwardsToClosuresObserversAndRelays() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = subject.asDriver(onErrorJustReturn: -1)
            var values: [Int] = []
            var completed = 0
            var disposed = 0
            let observerLog = EventLog<Int>()
            let optionalLog = EventLog<Int?>()
            let relay = BehaviorRelay(value: 0)
            let optionalRelay = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.create(bufferSize: 2)
            let bag = DisposeBag()
            driver.drive(
                onNext: { values.append($0) }, onCompleted: { completed += 1 }, onDisposed: { disposed += 1 }
            ).disposed(by: bag)
            driver.drive(observerLog).disposed(by: bag)
            driver.drive(optionalLog).disposed(by: bag)
            driver.drive(relay).disposed(by: bag)
            driver.drive(optionalRelay).disposed(by: bag)
            driver.drive(replay).disposed(by: bag)
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
            scheduler.start()
            #expect(values == [1, 2])
            #expect(completed == 1)
            #expect(disposed == 1)
            #expect(observerLog.events.map(\.summary) == ["next(1)", "next(2)", "completed"])
            #expect(optionalLog.elements == [1, 2])
            #expect(relay.value == 2)
            #expect(optionalRelay.value == 2)
            var replayed: [Int] = []
            replay.subscribe(onNext: { replayed.append($0) }).dispose()
            #expect(replayed == [1, 2])
        }
    }

    @MainActor
    @Test func driveWithHoldsTheObjectWeakly() {
        final class Screen {
            var title = ""
        }
        let relay = BehaviorRelay(value: "a")
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        let subscription = relay.asDriver().drive(with: screen!, onNext: { screen, title in screen.title = title })
        #expect(screen?.title == "a")
        screen = nil
        #expect(weakScreen == nil)
        relay.accept("b")
        subscription.dispose()
    }

    @Test func behaviorRelayAsDriverStartsWithTheCurrentValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: 1)
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { relay.asDriver() }
        }
        #expect(result.events == [.next(201, 1)])
    }
}

@Suite(.checksResources) struct DriverOperatorTests {
    /// Runs `build` on drivers made from hot marbles, in virtual time, and returns what it emitted.
    func run<Result>(
        _ marbles: [String], _ build: @escaping ([Driver<Int>]) -> Driver<Result>
    ) -> [Recorded<Event<Result>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = marbles.map {
            scheduler.createHotObservable($0, values: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5])
        }
        return SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { build(sources.map { $0.asDriver(onErrorJustReturn: -1) }) }.events
        }
    }

    @Test func mapFilterAndCompactMap() {
        #expect(
            run(["^-a-b-c-d|"]) { $0[0].map { $0 * 10 } } == [
                .next(211, 10), .next(231, 20), .next(251, 30), .next(271, 40), .completed(281),
            ])
        #expect(
            run(["^-a-b-c-d|"]) { $0[0].filter { $0 % 2 == 0 } } == [.next(231, 2), .next(271, 4), .completed(281)])
        #expect(run(["^-a-b|"]) { $0[0].compactMap { $0 == 1 ? nil : "\($0)" } } == [.next(231, "2"), .completed(241)])
    }

    @Test func distinctUntilChanged() {
        let events = run(["^-a-a-b-b-a|"]) { $0[0].distinctUntilChanged() }
        #expect(events == [.next(211, 1), .next(251, 2), .next(291, 1), .completed(301)])
        let byKey = run(["^-a-c-b|"]) { $0[0].distinctUntilChanged { $0 % 2 } }
        #expect(byKey == [.next(211, 1), .next(251, 2), .completed(261)])
    }

    @Test func startWith() {
        #expect(run(["^-a|"]) { $0[0].startWith(0) } == [.next(200, 0), .next(211, 1), .completed(221)])
    }

    @Test func withLatestFrom() {
        let events = run(["^-a---b-c|", "^--d-e----"]) { $0[0].withLatestFrom($0[1]) { $0 * 10 + $1 } }
        #expect(events == [.next(251, 25), .next(271, 35), .completed(281)])
        let latest = run(["^---a|", "^-d--"]) { $0[0].withLatestFrom($0[1]) }
        #expect(latest == [.next(231, 4), .completed(241)])
    }

    @Test func combineLatest() {
        let events = run(["^-a---b|", "^---d---e|"]) { Driver.combineLatest($0[0], $0[1]) { $0 * 10 + $1 } }
        #expect(events == [.next(231, 14), .next(251, 24), .next(271, 25), .completed(281)])
        let tuples = run(["^-a|", "^--b|"]) { Driver.combineLatest($0[0], $0[1]).map { "\($0)\($1)" } }
        #expect(tuples == [.next(221, "12"), .completed(231)])
        let three = run(["^-a|", "^-b|", "^-c|"]) { Driver.combineLatest($0[0], $0[1], $0[2]) { $0 + $1 + $2 } }
        #expect(three == [.next(211, 6), .completed(221)])
    }

    @Test func flatMapLatest() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createHotObservable("^-a---b------|", values: ["a": "a", "b": "b"])
        let inners = [
            "a": scheduler.createColdObservable("-1-2-3|", values: ["1": 1, "2": 2, "3": 3]),
            "b": scheduler.createColdObservable("-4#", values: ["4": 4]),
        ]
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start {
                outer.asDriver(onErrorJustReturn: "")
                    .flatMapLatest { key in inners[key]!.asDriver(onErrorJustReturn: -1) }
            }
        }
        // `b` replaces `a` before its 3; b's error becomes -1 and ends b, not the result.
        #expect(result.events == [.next(222, 1), .next(242, 2), .next(262, 4), .next(272, -1), .completed(321)])
    }

    @Test func doRunsSideEffects() {
        var seen: [Int] = []
        let events = run(["^-a-b|"]) { $0[0].do(onNext: { seen.append($0) }) }
        #expect(seen == [1, 2])
        #expect(events == [.next(211, 1), .next(231, 2), .completed(241)])
    }
}

@Suite(.checksResources) struct DriverTimeTests {
    @Test func throttleUsesTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-c-------d|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { source.asDriver(onErrorJustReturn: 0).throttle(.seconds(50), latest: false) }
        }
        // Delivered at 211, 231, 251, 331: the window opened by `a` at 211 swallows `b` and `c`.
        #expect(result.events == [.next(211, 1), .next(331, 4), .completed(341)])
    }

    @Test func aTypeThatIsADriverConvertsWithAsDriver() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-|", values: ["a": 1, "b": 2])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { () -> Driver<Int> in
                let tracker = ActivityLikeTracker(state: source.asDriver(onErrorJustReturn: 0))
                return tracker.asDriver().map { $0 * 10 }
            }
        }
        #expect(result.events == [.next(211, 10), .next(231, 20), .completed(251)])
    }

    @Test func asDriverOnADriverIsTheSameDriver() {
        let driver = PublishRelay<Int>().asDriver(onErrorJustReturn: 0)
        #expect(driver.asDriver().asObservable() === driver.asObservable())
    }

    @Test func debounceUsesTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b------c|", values: ["a": 1, "b": 2, "c": 3])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { source.asSignal(onErrorJustReturn: 0).debounce(.seconds(30)) }
        }
        #expect(result.events == [.next(261, 2), .next(311, 3), .completed(311)])
    }
}

/// A run of `map`, `compactMap` and `filter` on a Driver shares once, at its end (DifferencesFromRxSwift: "Driver
/// and Signal share once per run of map and filter"). Driver's guarantees hold for every Driver value: one run of
/// its work per event however many subscribe, the latest element replayed to a late subscriber, and a stateful or
/// side-effecting step (the source, `do`, `scan`) running once however many Driver values are built on it.
@Suite(.checksResources) struct DriverFusionTests {
    @Test func manySubscribersOfAFusedRunShareOneRunOfItsClosures() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var mapped = 0
        var filtered = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = subject.asDriver(onErrorJustReturn: 0)
                .map { value -> Int in
                    mapped += 1
                    return value * 10
                }
                .filter { _ in
                    filtered += 1
                    return true
                }
                .compactMap { $0 }
            let logs = (0..<3).map { _ in EventLog<Int>() }
            let subscriptions = logs.map { driver.asObservable().subscribe($0) }
            subject.onNext(1)
            subject.onNext(2)
            scheduler.start()
            #expect(logs.allSatisfy { $0.elements == [10, 20] })
            #expect(mapped == 2)
            #expect(filtered == 2)
            // A late subscriber gets the latest element at once, without running the closures again.
            let late = EventLog<Int>()
            let lateSubscription = driver.asObservable().subscribe(late)
            #expect(late.elements == [20])
            #expect(mapped == 2)
            for subscription in subscriptions + [lateSubscription] { subscription.dispose() }
            #expect(!subject.hasObservers)
        }
    }

    @Test func theSourceRunsOnceWhenAStepAndARunBuiltOnItAreBothSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var subscriptionsToSource = 0
        var mapped = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let root = Observable.deferred {
                subscriptionsToSource += 1
                return subject.asObservable()
            }.asDriver(onErrorJustReturn: 0)
            let step = root.map { value -> Int in
                mapped += 1
                return value + 1
            }
            let run = step.filter { $0 > 0 }.map { $0 * 2 }
            let stepLog = EventLog<Int>()
            let runLog = EventLog<Int>()
            let first = step.asObservable().subscribe(stepLog)
            let second = run.asObservable().subscribe(runLog)
            subject.onNext(1)
            scheduler.start()
            #expect(stepLog.elements == [2])
            #expect(runLog.elements == [4])
            // The conversion's subscription is shared by both, as in RxCocoa.
            #expect(subscriptionsToSource == 1)
            // The documented difference: `step`'s closure runs for `step`'s subscribers and again inside `run`'s
            // fused chain; RxCocoa would run it once. Closures of map/filter/compactMap must be free of side effects.
            #expect(mapped == 2)
            first.dispose()
            second.dispose()
            #expect(!subject.hasObservers)
        }
    }

    /// A `map`/`filter` step is shared on first use (building a chain no longer shares every step): every caller,
    /// from any thread, gets the same shared observable, so the step's subscribers still share one run of it.
    @Test func aStepSharedOnFirstUseIsOneObservableForEveryThread() {
        let subject = PublishSubject<Int>()
        let driver = subject.asDriver(onErrorJustReturn: 0).map { $0 + 1 }.filter { _ in true }
        let seen = Locked<[ObjectIdentifier]>([])
        // Unchecked: the test's point is to call `asObservable()` on one Driver value from several threads.
        let shared = Across(driver)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let identity = ObjectIdentifier(shared.value.asObservable())
            seen.withLock { $0.append(identity) }
        }
        let identities = Set(seen.withLock { $0 })
        #expect(identities.count == 1)
        #expect(identities.first == ObjectIdentifier(driver.asObservable()))
    }

    @Test func aSideEffectingStepIsNeverFusedOver() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        var sideEffects = 0
        var sums: [Int] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let effect = subject.asDriver(onErrorJustReturn: 0).do(onNext: { _ in sideEffects += 1 })
            let total = effect.scan(0, accumulator: +)
            let first = effect.map { $0 * 2 }.asObservable().subscribe(onNext: { _ in })
            let second = total.map { $0 }.filter { _ in true }.asObservable().subscribe(onNext: { sums.append($0) })
            let third = total.map { -$0 }.asObservable().subscribe(onNext: { _ in })
            subject.onNext(1)
            subject.onNext(2)
            scheduler.start()
            #expect(sideEffects == 2)
            #expect(sums == [1, 3])
            first.dispose()
            second.dispose()
            third.dispose()
        }
    }
}

/// A type of an app's own that is a Driver by implementing only `asSharedSequence()`, the shape of RxSwift's example
/// `ActivityIndicator`, which apps use as `indicator.asDriver()`.
private struct ActivityLikeTracker: SharedSequenceConvertibleType {
    typealias Element = Int
    typealias SharingStrategy = DriverSharingStrategy

    let state: Driver<Int>

    func asSharedSequence() -> Driver<Int> { state }
}
