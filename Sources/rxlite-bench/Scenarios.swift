import RxLite

// RxSwift's own benchmark scenarios (same work, same names), plus the floor. Every body returns a checksum.

nonisolated func publishSubjectPumping(_ iterations: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let subscription = subject.subscribe(onNext: { sum += $0 })
    for _ in 0..<iterations * 100 { subject.onNext(1) }
    subscription.dispose()
    return sum
}

nonisolated func publishSubjectPumpingTwoSubscriptions(_ iterations: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let first = subject.subscribe(onNext: { sum += $0 })
    let second = subject.subscribe(onNext: { sum += $0 })
    for _ in 0..<iterations * 100 { subject.onNext(1) }
    first.dispose()
    second.dispose()
    return sum
}

nonisolated func publishSubjectCreating(_ iterations: Int) -> Int {
    var sum = 0
    for _ in 0..<iterations * 10 {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { sum += $0 })
        subject.onNext(1)
        subscription.dispose()
    }
    return sum
}

/// The pumping scenarios: `chain` around a source of `count` elements, subscribed once into a summing observer.
@inline(__always)
nonisolated func pump(_ count: Int, through chain: (Observable<Int>) -> Observable<Int>) -> Int {
    var sum = 0
    let subscription = chain(countingSource(count)).subscribe(onNext: { sum += $0 })
    subscription.dispose()
    return sum
}

/// The creating scenarios: `iterations` times, `chain` around a one-element source, subscribed and disposed.
@inline(__always)
nonisolated func create(_ iterations: Int, through chain: (Observable<Int>) -> Observable<Int>) -> Int {
    var sum = 0
    for _ in 0..<iterations {
        let subscription = chain(countingSource(1)).subscribe(onNext: { sum += $0 })
        subscription.dispose()
    }
    return sum
}

/// Generic so that the element-type scenarios run the same chain; specialized for each type, as an app's code is.
@inline(__always)
nonisolated func mapFilterChain<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
}

// Not inlined: real sources (a subject, a callback) are opaque to the optimizer, so the benchmark measures the
// chain as users run it instead of letting the optimizer fuse it into this loop.
@inline(never)
nonisolated func countingSource(_ count: Int) -> Observable<Int> {
    Observable<Int>.create { observer in
        for _ in 0..<count { observer.on(.next(1)) }
        return Disposables.create()
    }
}

nonisolated func mapFilterPumping(_ iterations: Int) -> Int { pump(iterations * 10, through: mapFilterChain) }

nonisolated func mapFilterCreating(_ iterations: Int) -> Int { create(iterations, through: mapFilterChain) }

@inline(__always)
nonisolated func mapFilterDriverChain(_ source: Driver<Int>) -> Driver<Int> {
    source
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
        .map { $0 }.filter { _ in true }
}

/// Drives `driver` into `onNext`, then disposes. `drive` belongs to the main actor; the benchmark runs on the main
/// thread, where the driver delivers at once. Only the call is isolated: the closures are formed outside it, in
/// nonisolated code, as users' view models form them.
@inline(__always)
nonisolated func driveAndDispose(_ driver: Driver<Int>, _ onNext: @escaping (Int) -> Void) {
    // Everything here runs on the main thread, so handing the values to the main actor shares nothing.
    let work = MainThreadOnly((driver, onNext))
    MainActor.assumeIsolated { work.value.0.drive(onNext: work.value.1).dispose() }
}

/// A value used only on the main thread, which the benchmark runs on.
struct MainThreadOnly<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}

nonisolated func mapFilterDriverPumping(_ iterations: Int) -> Int {
    var sum = 0
    driveAndDispose(mapFilterDriverChain(countingSource(iterations * 10).asDriver(onErrorJustReturn: -1))) {
        sum += $0
    }
    return sum
}

nonisolated func mapFilterDriverCreating(_ iterations: Int) -> Int {
    var sum = 0
    for _ in 0..<iterations {
        driveAndDispose(mapFilterDriverChain(countingSource(1).asDriver(onErrorJustReturn: -1))) { sum += $0 }
    }
    return sum
}

@inline(__always)
nonisolated func flatMapsChain(_ source: Observable<Int>) -> Observable<Int> {
    source
        .flatMap { Observable.just($0) }
        .flatMap { Observable.just($0) }
        .flatMap { Observable.just($0) }
        .flatMap { Observable.just($0) }
        .flatMap { Observable.just($0) }
}

nonisolated func flatMapsPumping(_ iterations: Int) -> Int { pump(iterations * 10, through: flatMapsChain) }

nonisolated func flatMapsCreating(_ iterations: Int) -> Int { create(iterations, through: flatMapsChain) }

/// Generic for the reason `mapFilterChain` is.
@inline(__always)
nonisolated func flatMapLatestChain<Element>(_ source: Observable<Element>) -> Observable<Element> {
    source
        .flatMapLatest { Observable.just($0) }
        .flatMapLatest { Observable.just($0) }
        .flatMapLatest { Observable.just($0) }
        .flatMapLatest { Observable.just($0) }
        .flatMapLatest { Observable.just($0) }
}

nonisolated func flatMapLatestPumping(_ iterations: Int) -> Int { pump(iterations * 10, through: flatMapLatestChain) }

nonisolated func flatMapLatestCreating(_ iterations: Int) -> Int { create(iterations, through: flatMapLatestChain) }

@inline(__always)
nonisolated func combineLatestChain(_ source: Observable<Int>) -> Observable<Int> {
    var last = Observable.combineLatest(Observable.just(1), Observable.just(1), Observable.just(1), source) {
        x, _, _, _ in x
    }
    for _ in 0..<6 {
        last = Observable.combineLatest(Observable.just(1), Observable.just(1), Observable.just(1), last) {
            x, _, _, _ in x
        }
    }
    return last
}

nonisolated func combineLatestPumping(_ iterations: Int) -> Int { pump(iterations * 10, through: combineLatestChain) }

nonisolated func combineLatestCreating(_ iterations: Int) -> Int { create(iterations, through: combineLatestChain) }

/// The same 12 steps as MapFilterPumping, as plain closures in an array: one indirect call per step.
nonisolated func floor(_ iterations: Int) -> Int {
    var steps: [(Int) -> Int?] = []
    for index in 0..<12 {
        if index % 2 == 0 {
            steps.append { $0 }
        } else {
            steps.append { value in value >= Int.min ? value : nil }
        }
    }
    var sum = 0
    for _ in 0..<iterations * 10 {
        var value: Int? = 1
        for step in steps {
            guard let current = value else { break }
            value = step(current)
        }
        if let value { sum += value }
    }
    return sum
}

/// Every scenario, in report order. `quick` picks smaller sizes for the scenarios whose size is a parameter.
nonisolated func scenarios(quick: Bool) -> [Scenario] {
    baseScenarios + allElementTypeScenarios() + sharingScenarios + disposeBagScenarios
        + growthScenarios(quick: quick) + allLockScenarios()
}

let baseScenarios: [Scenario] = [
    Scenario(
        name: "Floor", unit: "event", units: { $0 * 10 }, expectedChecksum: { $0 * 10 },
        body: floor),
    Scenario(
        name: "PublishSubjectPumping", unit: "event", units: { $0 * 100 },
        expectedChecksum: { $0 * 100 }, body: publishSubjectPumping),
    Scenario(
        name: "PublishSubjectPumpingTwoSubscriptions", unit: "event", units: { $0 * 100 },
        expectedChecksum: { $0 * 200 }, body: publishSubjectPumpingTwoSubscriptions),
    Scenario(
        name: "PublishSubjectCreating", unit: "subscription", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: publishSubjectCreating,
        retainedBytes: {
            try retainedBytes("PublishSubjectCreating", chain: "no operators", subscriptions: 10_000) {
                subject, delivered in subject.subscribe(onNext: { delivered.sum += $0 })
            }
        }),
    Scenario(
        name: "MapFilterPumping", unit: "event", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: mapFilterPumping),
    Scenario(
        name: "MapFilterCreating", unit: "subscription", units: { $0 },
        expectedChecksum: { $0 }, body: mapFilterCreating,
        retainedBytes: {
            try retainedBytes("MapFilterCreating", chain: "the 12 operators", subscriptions: 10_000, of: mapFilterChain)
        }),
    Scenario(
        name: "MapFilterDriverPumping", unit: "event", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: mapFilterDriverPumping),
    Scenario(
        name: "MapFilterDriverCreating", unit: "subscription", units: { $0 },
        expectedChecksum: { $0 }, body: mapFilterDriverCreating,
        retainedBytes: { try driverRetainedBytes(subscriptions: 10_000) }),
    Scenario(
        name: "FlatMapsPumping", unit: "event", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: flatMapsPumping),
    Scenario(
        name: "FlatMapsCreating", unit: "subscription", units: { $0 },
        expectedChecksum: { $0 }, body: flatMapsCreating,
        retainedBytes: {
            try retainedBytes("FlatMapsCreating", chain: "the 5 flatMaps", subscriptions: 10_000, of: flatMapsChain)
        }),
    Scenario(
        name: "FlatMapLatestPumping", unit: "event", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: flatMapLatestPumping),
    Scenario(
        name: "FlatMapLatestCreating", unit: "subscription", units: { $0 },
        expectedChecksum: { $0 }, body: flatMapLatestCreating,
        retainedBytes: {
            try retainedBytes(
                "FlatMapLatestCreating", chain: "the 5 flatMapLatests", subscriptions: 10_000, of: flatMapLatestChain)
        }),
    Scenario(
        name: "CombineLatestPumping", unit: "event", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: combineLatestPumping),
    Scenario(
        name: "CombineLatestCreating", unit: "subscription", units: { $0 },
        expectedChecksum: { $0 }, body: combineLatestCreating,
        retainedBytes: {
            try retainedBytes(
                "CombineLatestCreating", chain: "the 7 combineLatests", subscriptions: 10_000, of: combineLatestChain)
        }),
    Scenario(
        name: "DebouncePumping", unit: "event", units: { $0 * 100 },
        expectedChecksum: { $0 * 100 }, body: debouncePumping, note: { debounceReport.note },
        timing: .wholeBodyAndSection(label: "push")),
    Scenario(
        name: "DebounceTrailingPumping", unit: "event", units: { $0 * 100 },
        expectedChecksum: { $0 * 100 }, body: debounceIdlePumping, note: { debounceIdleReport.note },
        timing: .wholeBodyAndSection(label: "push")),
    Scenario(
        name: "ThrottlePumping", unit: "event", units: { $0 * 100 },
        expectedChecksum: { $0 * 100 }, body: throttlePumping, note: { throttleReport.note },
        timing: .wholeBodyAndSection(label: "push")),
    Scenario(
        name: "PagingScroll", unit: "item", units: { $0 * 10 },
        expectedChecksum: { $0 * 10 }, body: pagingScroll, note: pagingScrollNote),
]
