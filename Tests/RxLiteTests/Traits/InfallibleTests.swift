import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct InfallibleTests {
    let scheduler = TestScheduler()

    @Test func conversionsRecoverFromAnError() {
        let source = scheduler.createHotObservable("^-a-#", values: ["a": 1])
        let res = scheduler.start { source.asInfallible(onErrorJustReturn: 9) }
        #expect(res.events == [.next(210, 1), .next(230, 9), .completed(230)])
        let fallback = TestScheduler().start {
            Observable<Int>.error(TestError()).asInfallible(onErrorFallbackTo: .of(7, 8))
        }
        #expect(fallback.events == [.next(200, 7), .next(200, 8), .completed(200)])
        var recovered: [String] = []
        let recover = TestScheduler().start {
            Single<Int>.error(TestError("x")).asInfallible(onErrorRecover: { error in
                recovered.append("\(error)")
                return .just(5)
            })
        }
        #expect(recover.events == [.next(200, 5), .completed(200)])
        #expect(recovered == ["TestError(x)"])
    }

    @Test func conversionReleasesTheFailedSource() {
        let source = scheduler.createColdObservable("-#", values: [:] as [Character: Int])
        let fallback = scheduler.createColdObservable("-a|", values: ["a": 2])
        let res = scheduler.start {
            source.asInfallible(onErrorFallbackTo: fallback.asInfallible(onErrorJustReturn: 0))
        }
        #expect(res.events == [.next(220, 2), .completed(230)])
        #expect(source.subscriptions == [Subscription(200, 210)])
        #expect(fallback.subscriptions == [Subscription(210, 230)])
    }

    @Test func createSerializesAndStopsAtCompletion() {
        var cleanedUp = 0
        let infallible = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.next(2))
            observer(.completed)
            observer(.next(3))
            return Disposables.create { cleanedUp += 1 }
        }
        let res = scheduler.start { infallible }
        #expect(res.events == [.next(200, 1), .next(200, 2), .completed(200)])
        #expect(cleanedUp == 1)
    }

    @Test func createDisposesItsResourceOnDispose() {
        var cleanedUp = 0
        let infallible = Infallible<Int>.create { observer in
            observer(.next(1))
            return Disposables.create { cleanedUp += 1 }
        }
        let res = scheduler.start(disposed: 300) { infallible }
        #expect(res.events == [.next(200, 1)])
        #expect(cleanedUp == 1)
    }

    @Test func factories() {
        #expect(TestScheduler().start { Infallible.just(1) }.events == [.next(200, 1), .completed(200)])
        #expect(TestScheduler().start { Infallible<Int>.empty() }.events == [.completed(200)])
        #expect(TestScheduler().start { Infallible<Int>.never() }.events == [])
        #expect(
            TestScheduler().start { Infallible.of(1, 2) }.events == [.next(200, 1), .next(200, 2), .completed(200)])
        #expect(
            TestScheduler().start { Infallible.from([3, 4]) }.events == [.next(200, 3), .next(200, 4), .completed(200)])
        var made = 0
        let deferred = Infallible<Int>.deferred {
            made += 1
            return .just(made)
        }
        #expect(TestScheduler().start { deferred }.events == [.next(200, 1), .completed(200)])
        let timer = scheduler.start { Infallible<Int>.timer(.seconds(30), scheduler: self.scheduler) }
        #expect(timer.events == [.next(230, 0), .completed(230)])
    }

    @Test func intervalAndJustOnAScheduler() {
        let interval = scheduler.start(disposed: 235) {
            Infallible<Int>.interval(.seconds(10), scheduler: self.scheduler)
        }
        #expect(interval.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
        #expect(scheduler.pendingCount == 0)
        let other = TestScheduler()
        #expect(other.start { Infallible.just(1, scheduler: other) }.events == [.next(201, 1), .completed(202)])
        let of = TestScheduler()
        #expect(of.start { Infallible.of(1, 2, scheduler: of) }.events.map(\.value.element) == [1, 2, nil])
    }

    @Test func subscribeForms() {
        var log: [String] = []
        Infallible.of(1, 2).subscribe(
            onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        Infallible.just(3).subscribe { log.append($0.summary) }
        final class Owner {
            var seen: [Int] = []
        }
        let owner = Owner()
        Infallible.of(4, 5).subscribe(with: owner, onNext: { $0.seen.append($1) })
        #expect(log == ["1", "2", "completed", "disposed", "next(3)", "completed"])
        #expect(owner.seen == [4, 5])
    }

    @Test func transformingAndFilteringOperators() {
        let source = scheduler.createHotObservable("^-a-b-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start {
            source.asInfallible(onErrorJustReturn: 0)
                .distinctUntilChanged()
                .filter { $0 > 1 }
                .map { $0 * 10 }
                .compactMap { $0 == 30 ? nil : $0 }
                .scan(0, accumulator: +)
                .startWith(-1)
        }
        #expect(res.events == [.next(200, -1), .next(230, 20), .completed(280)])
        let scanned = TestScheduler().start { Infallible.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) } }
        #expect(scanned.events.map(\.value.element) == [[1], [1, 2], [1, 2, 3], nil])
    }

    @Test func distinctUntilChangedForms() {
        struct Item {
            var id: Int
            var name: String
        }
        let items = Infallible.of(Item(id: 1, name: "a"), Item(id: 1, name: "b"), Item(id: 2, name: "b"))
        var seen: [String] = []
        items.distinctUntilChanged { $0.id }.subscribe(onNext: { seen.append("key\($0.id)\($0.name)") })
        items.distinctUntilChanged(at: \.name).subscribe(onNext: { seen.append("path\($0.id)\($0.name)") })
        items.distinctUntilChanged { $0.id == $1.id }.subscribe(onNext: { seen.append("cmp\($0.id)\($0.name)") })
        items.distinctUntilChanged({ $0.name }, comparer: ==).subscribe(onNext: { seen.append("kc\($0.id)\($0.name)") })
        #expect(seen == ["key1a", "key2b", "path1a", "path1b", "cmp1a", "cmp2b", "kc1a", "kc1b"])
    }

    @Test func flatteningOperators() {
        let source = scheduler.createHotObservable("^-a--b|", values: ["a": 1, "b": 2])
        let res = scheduler.start {
            source.asInfallible(onErrorJustReturn: 0).flatMapLatest { value in
                Infallible<Int>.interval(.seconds(20), scheduler: self.scheduler).map { value * 10 + $0 }.take(2)
            }
        }
        #expect(res.events == [.next(230, 10), .next(260, 20), .next(280, 21), .completed(280)])
        var log: [Int] = []
        Infallible.of(1, 2).flatMap { Infallible.of($0, $0) }.subscribe(onNext: { log.append($0) })
        Infallible.of(3, 4).concatMap { Infallible.just($0) }.subscribe(onNext: { log.append($0) })
        Infallible.of(5, 6).flatMapFirst { Infallible.just($0) }.subscribe(onNext: { log.append($0) })
        #expect(log == [1, 1, 2, 2, 3, 4, 5, 6])
    }

    @Test func concatAndMerge() {
        let first = scheduler.createColdObservable("-a|", values: ["a": 1]).asInfallible(onErrorJustReturn: 0)
        let second = scheduler.createColdObservable("-b|", values: ["b": 2]).asInfallible(onErrorJustReturn: 0)
        let res = scheduler.start { Infallible.merge(first.concat(second), Infallible.concat(second, first)) }
        #expect(res.events == [.next(210, 1), .next(210, 2), .next(230, 2), .next(230, 1), .completed(240)])
        var log: [Int] = []
        Infallible.concat([Infallible.just(1), .just(2)]).subscribe(onNext: { log.append($0) })
        Infallible.concat((3...4).lazy.map { Infallible.just($0) }).subscribe(onNext: { log.append($0) })
        Infallible.merge([Infallible.just(5), .just(6)]).subscribe(onNext: { log.append($0) })
        Infallible.merge([Infallible.just(7)][...]).subscribe(onNext: { log.append($0) })
        #expect(log == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test func takeAndSkip() {
        let source = scheduler.createHotObservable("^-a-b-c-d|", values: ["a": 1, "b": 2, "c": 3, "d": 4])
        let stop = scheduler.createHotObservable("^------x|", values: ["x": 0])
        let res = scheduler.start {
            source.asInfallible(onErrorJustReturn: 0).skip(while: { $0 < 2 })
                .take(until: stop.asInfallible(onErrorJustReturn: 0))
        }
        #expect(res.events == [.next(230, 2), .next(250, 3), .completed(260)])
        #expect(source.subscriptions == [Subscription(200, 260)])
        var log: [Int] = []
        let numbers = Infallible.of(1, 2, 3, 4)
        numbers.take(2).subscribe(onNext: { log.append($0) })
        numbers.take(while: { $0 < 2 }, behavior: .inclusive).subscribe(onNext: { log.append($0) })
        numbers.take(until: { $0 > 2 }).subscribe(onNext: { log.append($0) })
        numbers.take(until: Observable<Int>.never()).subscribe(onNext: { log.append($0) })
        #expect(log == [1, 2, 1, 2, 1, 2, 1, 2, 3, 4])
        let gated = TestScheduler()
        let elements = gated.createHotObservable("^-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let gate = gated.createHotObservable("^--x|", values: ["x": ()])
        let skipped = gated.start { elements.asInfallible(onErrorJustReturn: 0).skip(until: gate) }
        #expect(skipped.events == [.next(230, 2), .next(250, 3), .completed(260)])
    }

    @Test func takeForDurationDebounceAndThrottle() {
        let source = scheduler.createHotObservable("^-a-b----c|", values: ["a": 1, "b": 2, "c": 3])
        let infallible = source.asInfallible(onErrorJustReturn: 0)
        let res = scheduler.start { infallible.debounce(.seconds(20), scheduler: self.scheduler) }
        #expect(res.events == [.next(250, 2), .next(290, 3), .completed(290)])
        let other = TestScheduler()
        let hot = other.createHotObservable("^-a-b----c|", values: ["a": 1, "b": 2, "c": 3])
        let throttled = other.start {
            hot.asInfallible(onErrorJustReturn: 0).throttle(.seconds(30), latest: false, scheduler: other)
                .take(for: .seconds(80), scheduler: other)
        }
        #expect(throttled.events == [.next(210, 1), .next(280, 3), .completed(280)])
    }

    @Test func doShareAndDebug() {
        var log: [String] = []
        let shared = Infallible.of(1, 2)
            .do(
                onNext: { log.append("do\($0)") }, onCompleted: { log.append("done") },
                onSubscribe: { log.append("sub") }
            )
            .share(replay: 1)
            .debug("infallible")
        shared.subscribe(onNext: { log.append("got\($0)") })
        #expect(log == ["sub", "do1", "got1", "do2", "got2", "done"])
    }

    @Test func withLatestFromAndWithUnretained() {
        let source = scheduler.createHotObservable("^-a---b|", values: ["a": 1, "b": 2])
        let other = scheduler.createHotObservable("^--x-y-|", values: ["x": 10, "y": 20])
        let res = scheduler.start {
            source.asInfallible(onErrorJustReturn: 0)
                .withLatestFrom(other.asInfallible(onErrorJustReturn: 0)) { $0 + $1 }
        }
        #expect(res.events == [.next(250, 22), .completed(260)])
        final class Owner {
            let name = "o"
        }
        let owner = Owner()
        var log: [String] = []
        Infallible.just(1).withUnretained(owner).subscribe(onNext: { log.append("\($0.name)\($1)") })
        Infallible.just(2).withUnretained(owner) { "\($0.name)\($1)" }.subscribe(onNext: { log.append($0) })
        Infallible.just(3).withLatestFrom(Infallible.just(4)).subscribe(onNext: { log.append("\($0)") })
        #expect(log == ["o1", "o2", "4"])
    }

    @Test func combineLatestAndZip() {
        let a = scheduler.createHotObservable("^-a---b|", values: ["a": 1, "b": 2]).asInfallible(onErrorJustReturn: 0)
        let b = scheduler.createHotObservable("^--x-y-|", values: ["x": 10, "y": 20]).asInfallible(onErrorJustReturn: 0)
        let res = scheduler.start { Infallible.combineLatest(a, b).map { $0 + $1 } }
        #expect(res.events == [.next(220, 11), .next(240, 21), .next(250, 22), .completed(260)])
        var log: [String] = []
        Infallible.zip(Infallible.of(1, 2), Infallible.of("a", "b", "c")) { "\($0)\($1)" }
            .subscribe(onNext: { log.append($0) })
        let one = Infallible.just(1)
        Infallible.combineLatest(one, one, one, one, one, one, one, one) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
            .subscribe(onNext: { log.append("\($0)") })
        Infallible.zip(one, one, one, one, one).map { "\($0.0 + $0.4)" }.subscribe(onNext: { log.append($0) })
        Infallible.combineLatest([one, Infallible.just(2)]).subscribe(onNext: { log.append("\($0)") })
        Infallible.combineLatest([one, one]) { $0.count }.subscribe(onNext: { log.append("count\($0)") })
        #expect(log == ["1a", "2b", "8", "2", "[1, 2]", "count2"])
    }

    @Test func zipOfACollectionPairsInOrder() {
        let a = scheduler.createHotObservable("^-a-b---|", values: ["a": 1, "b": 2]).asInfallible(onErrorJustReturn: 0)
        let b = scheduler.createHotObservable("^---x-y-z|", values: ["x": 10, "y": 20, "z": 30])
            .asInfallible(onErrorJustReturn: 0)
        let sums = scheduler.start { Infallible.zip([a, b]) { $0.reduce(0, +) } }
        // `z` cannot be paired: `a` has completed, so the zip completes with it.
        #expect(sums.events == [.next(230, 11), .next(250, 22), .completed(270)])
        var log: [String] = []
        Infallible<Int>.zip([Infallible<Int>]())
            .subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("done") })
        Infallible<Int>.zip([Infallible.of(1, 2), Infallible.of(3, 4, 5)])
            .subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("done") })
        #expect(log == ["done", "[1, 3]", "[2, 4]", "done"])
    }

    @Test func bindAndAsInfallible() {
        let relay = BehaviorRelay(value: 0)
        let optional = PublishRelay<Int?>()
        var optionals: [Int?] = []
        let subscription = optional.subscribe(onNext: { optionals.append($0) })
        Infallible.of(1, 2).bind(to: relay)
        Infallible.just(3).bind(to: optional)
        #expect(relay.value == 2)
        #expect(optionals == [3])
        subscription.dispose()
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let observed = subject.subscribe(onNext: { received.append($0) })
        Infallible.of(4).bind(to: subject)
        Infallible.of(5).bind(onNext: { received.append($0) })
        #expect(received == [4, 5])
        observed.dispose()
    }

    @Test @MainActor func driverAsInfallible() {
        var received: [Int] = []
        let infallible: Infallible<Int> = Driver.just(1).asInfallible()
        infallible.subscribe(onNext: { received.append($0) })
        #expect(received == [1])
    }

    @Test(.checksResources(.processWide)) @MainActor func asDriverDeliversOnTheMainActor() async {
        let relay = PublishRelay<Int>()
        let driver: Driver<Int> = relay.asInfallible().asDriver()
        var onMainQueue: [Bool] = []
        var subscription: (any Disposable)?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            subscription = driver.drive(onNext: { value in
                onMainQueue.append(MainScheduler.isOnMainQueue)
                if value == 2 { done.resume() }
            })
            Task.detached {
                for value in 1...2 { relay.accept(value) }
            }
        }
        subscription?.dispose()
        #expect(onMainQueue == [true, true])
    }

    @Test func relaysConvertAsTheyAre() {
        let behavior = BehaviorRelay(value: 1)
        let publish = PublishRelay<Int>()
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(5)
        var log: [Int] = []
        let subscriptions = [
            behavior.asInfallible().subscribe(onNext: { log.append($0) }),
            publish.asInfallible().subscribe(onNext: { log.append($0) }),
            replay.asInfallible().subscribe(onNext: { log.append($0) }),
        ]
        behavior.accept(2)
        publish.accept(3)
        #expect(log == [1, 5, 2, 3])
        subscriptions.forEach { $0.dispose() }
    }

    @Test func valuesIsAnAsyncStream() async {
        var collected: [Int] = []
        for await value in Infallible.of(1, 2, 3).values { collected.append(value) }
        #expect(collected == [1, 2, 3])
    }
}
