import RxLite

// Cost as an app grows (issue 17 goal 3): the same work at several sizes, each size a scenario named
// `Family(size)`, with the growth printed under the table (Growth.swift). Every body returns a checksum.
//
// - FanOutPumping(S): one PublishSubject with S subscribers; unit: one delivery (events x subscribers).
// - ChurnNewestCreating(N) / ChurnOldestCreating(N): subscribe one observer and dispose one while N others stay
//   subscribed: the one just subscribed, or the oldest live one (a FIFO of live subscriptions, so N stays the same).
//   Unit: one subscribe + dispose. Only that loop is timed, not subscribing the N.
// - DisposeInOrderCreating(N): N subscriptions disposed in subscription order, oldest first; unit: one dispose
//   (only the disposals are timed; allocations are per subscribe + dispose).
// - MapFilter100Pumping / MapFilter100Creating: MapFilterPumping's chain with 100 operators instead of 12.
// - FlatMapDepthPumping(D) / FlatMapDepthCreating(D): D flatMaps in a row, each `flatMap { .just($0) }`; the
//   pumping one sends from a subject and times the events only; the creating one subscribes to a source of one
//   element and completion, so subscribe, the element and the completion each travel all D levels;
//   FlatMapDepthLiveCreating(D) is the other creating scenarios' way: one element, no completion, then dispose
//   while all D levels are live (as a screen disposes its subscriptions).
// - FlatMapNested(D): each event opens D flatMaps nested inside each other (`just(x).flatMap { just(x).flatMap
//   ... }`): a recursion D deep per event, so the stack must hold D levels of subscribe and delivery.
// Scenarios sized by a parameter keep about the same work per run at every size (`scale`), so that a run of the
// largest takes no longer than one of RxSwift's scenarios.

/// The subscriber counts and live-subscriber counts; --quick runs smaller ones.
nonisolated func churnSizes(quick: Bool) -> [Int] { quick ? [100, 1_000, 10_000] : [100, 10_000, 100_000] }
let fanOutSizes = [1, 100, 10_000]
let flatMapDepths = [100, 1_000]

/// `events` events into a subject with `subscribers` subscribers; only the events are timed.
nonisolated func fanOut(subscribers: Int, events: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    var subscriptions: [any Disposable] = []
    subscriptions.reserveCapacity(subscribers)
    for _ in 0..<subscribers { subscriptions.append(subject.subscribe(onNext: { sum += $0 })) }
    sectionClock.time { for _ in 0..<events { subject.onNext(1) } }
    for subscription in subscriptions { subscription.dispose() }
    return sum
}

/// `operations` times, subscribes one observer and disposes one, with `live` others subscribed: the newest, or the
/// oldest live one. Observers are numbered in subscription order; the checksum is the sum of the numbers of the
/// observers still subscribed at the end, which one element reports.
nonisolated func churn(live: Int, operations: Int, disposeOldest: Bool) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    // The live subscriptions, oldest at `oldest`: a ring, so that taking the oldest out costs the benchmark nothing.
    var ring: [any Disposable] = []
    ring.reserveCapacity(live)
    for number in 0..<live { ring.append(subject.subscribe(onNext: { _ in sum += number })) }
    var oldest = 0
    sectionClock.time {
        for number in live..<live + operations {
            let subscription = subject.subscribe(onNext: { _ in sum += number })
            if disposeOldest {
                let taken = ring[oldest]
                ring[oldest] = subscription
                oldest = oldest + 1 == live ? 0 : oldest + 1
                taken.dispose()
            } else {
                subscription.dispose()
            }
        }
    }
    subject.onNext(0)
    for subscription in ring { subscription.dispose() }
    return sum
}

/// The live observers' numbers after `churn`: the first `live`, or (oldest disposed) the last `live`.
nonisolated func churnChecksum(live: Int, operations: Int, disposeOldest: Bool) -> Int {
    let first = disposeOldest ? operations : 0
    return live * first + live * (live - 1) / 2
}

/// `rounds` times, subscribes `live` observers, sends one element, and disposes them oldest first; only the
/// disposals are timed.
nonisolated func disposeInOrder(live: Int, rounds: Int) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    var subscriptions: [any Disposable] = []
    subscriptions.reserveCapacity(live)
    var disposing: UInt64 = 0
    for _ in 0..<rounds {
        for _ in 0..<live { subscriptions.append(subject.subscribe(onNext: { sum += $0 })) }
        subject.onNext(1)
        let start = nanoseconds()
        for subscription in subscriptions { subscription.dispose() }
        disposing += nanoseconds() - start
        subscriptions.removeAll(keepingCapacity: true)
    }
    sectionClock.record(disposing)
    subject.onNext(1)  // reaches no one: every subscription is gone
    return sum
}

/// MapFilterPumping's chain, `map` then `filter`, 50 times: 100 operators.
nonisolated func mapFilterChain100(_ source: Observable<Int>) -> Observable<Int> {
    var chain = source
    for _ in 0..<50 { chain = chain.map { $0 }.filter { _ in true } }
    return chain
}

/// `events` elements from a subject through `chain`, subscribed once; only the elements are timed, since building
/// and subscribing a 1,000-deep chain costs as much as hundreds of its events.
nonisolated func pumpSubject(_ events: Int, through chain: (Observable<Int>) -> Observable<Int>) -> Int {
    var sum = 0
    let subject = PublishSubject<Int>()
    let subscription = chain(subject.asObservable()).subscribe(onNext: { sum += $0 })
    sectionClock.time { for _ in 0..<events { subject.onNext(1) } }
    subscription.dispose()
    return sum
}

/// One element, then completion. Not inlined, like `countingSource`.
@inline(never)
nonisolated func completingSource() -> Observable<Int> {
    Observable<Int>.create { observer in
        observer.on(.next(1))
        observer.on(.completed)
        return Disposables.create()
    }
}

/// `iterations` times, `chain` around a source of one element and completion, subscribed and disposed: subscribe,
/// the element and the completion each travel the whole chain. The checksum counts elements and completions.
nonisolated func createCompleting(_ iterations: Int, through chain: (Observable<Int>) -> Observable<Int>) -> Int {
    var sum = 0
    for _ in 0..<iterations {
        chain(completingSource()).subscribe(onNext: { sum += $0 }, onCompleted: { sum += 1 }).dispose()
    }
    return sum
}

/// `depth` flatMaps in a row.
nonisolated func flatMapDepthChain(_ depth: Int) -> (Observable<Int>) -> Observable<Int> {
    { source in (0..<depth).reduce(source) { chain, _ in chain.flatMap { Observable.just($0) } } }
}

/// `value` through `depth` flatMaps nested inside each other: each level's inner observable is the next level.
nonisolated func nestedFlatMap(_ value: Int, depth: Int) -> Observable<Int> {
    guard depth > 0 else { return Observable.just(value) }
    return Observable.just(value).flatMap { nestedFlatMap($0, depth: depth - 1) }
}

nonisolated func growthScenarios(quick: Bool) -> [Scenario] {
    var result: [Scenario] = []
    for subscribers in fanOutSizes {
        // About `iterations * 100` deliveries at every size.
        result.append(
            Scenario(
                name: "FanOutPumping(\(subscribers))", unit: "delivery", units: { $0 * subscribers },
                expectedChecksum: { $0 * subscribers },
                body: { fanOut(subscribers: subscribers, events: $0) },
                scale: { max(1, $0 * 100 / subscribers) }, timing: .section))
    }
    for disposeOldest in [false, true] {
        for live in churnSizes(quick: quick) {
            result.append(
                Scenario(
                    name: "Churn\(disposeOldest ? "Oldest" : "Newest")Creating(\(live))", unit: "subscription",
                    units: { $0 },
                    expectedChecksum: { churnChecksum(live: live, operations: $0, disposeOldest: disposeOldest) },
                    body: { churn(live: live, operations: $0, disposeOldest: disposeOldest) }, timing: .section))
        }
    }
    for live in churnSizes(quick: quick) {
        // About `iterations * 10` subscriptions at every size, at least one round of `live`.
        result.append(
            Scenario(
                name: "DisposeInOrderCreating(\(live))", unit: "subscription", units: { $0 * live },
                expectedChecksum: { $0 * live }, body: { disposeInOrder(live: live, rounds: $0) },
                scale: { max(1, $0 * 10 / live) }, timing: .section))
    }
    result.append(
        Scenario(
            name: "MapFilter100Pumping", unit: "event", units: { $0 * 10 },
            expectedChecksum: { $0 * 10 }, body: { pump($0 * 10, through: mapFilterChain100) }))
    result.append(
        Scenario(
            name: "MapFilter100Creating", unit: "subscription", units: { $0 },
            expectedChecksum: { $0 }, body: { create($0, through: mapFilterChain100) },
            retainedBytes: {
                try retainedBytes(
                    "MapFilter100Creating", chain: "the 100 operators", subscriptions: 1_000, of: mapFilterChain100)
            }))
    for depth in flatMapDepths {
        // About as many flatMap steps per run as FlatMapsPumping's (5 x iterations x 10) and FlatMapsCreating's.
        result.append(
            Scenario(
                name: "FlatMapDepthPumping(\(depth))", unit: "event", units: { $0 },
                expectedChecksum: { $0 }, body: { pumpSubject($0, through: flatMapDepthChain(depth)) },
                scale: { max(1, $0 * 50 / depth) }, timing: .section))
        result.append(
            Scenario(
                name: "FlatMapDepthCreating(\(depth))", unit: "subscription", units: { $0 },
                expectedChecksum: { $0 * 2 }, body: { createCompleting($0, through: flatMapDepthChain(depth)) },
                retainedBytes: {
                    try retainedBytes(
                        "FlatMapDepthCreating(\(depth))", chain: "the \(depth) flatMaps",
                        subscriptions: 100_000 / depth, of: flatMapDepthChain(depth))
                }, scale: { max(1, $0 * 5 / depth) }))
        result.append(
            Scenario(
                name: "FlatMapDepthLiveCreating(\(depth))", unit: "subscription", units: { $0 },
                expectedChecksum: { $0 }, body: { create($0, through: flatMapDepthChain(depth)) },
                scale: { max(1, $0 * 5 / depth) }))
    }
    for depth in flatMapDepths {
        result.append(
            Scenario(
                name: "FlatMapNested(\(depth))", unit: "event", units: { $0 },
                expectedChecksum: { $0 },
                body: { events in pumpSubject(events) { $0.flatMap { nestedFlatMap($0, depth: depth) } } },
                scale: { max(1, $0 * 5 / depth) }, timing: .section))
    }
    return result
}
