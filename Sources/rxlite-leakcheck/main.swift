// A small program for `valgrind --leak-check=full` (see docs/RELIABILITY.md and .ci/run): it builds and runs
// subjects, relays, operators and dispatch schedulers, disposes everything, and exits. Valgrind then reports any
// heap block no longer referenced ("definitely lost"); RxLite must account for none of them. In a debug build it
// also checks RxLite's own live-object counter, and exits 1 when anything is still alive.
import Dispatch
import Foundation
import RxLite

struct LeakCheckError: Error {}

/// Waits for a terminal event from a sequence that delivers on another thread.
func runToEnd<Element>(_ observable: Observable<Element>) -> [Element] {
    let done = DispatchSemaphore(value: 0)
    let lock = NSLock()
    var elements: [Element] = []
    let subscription = observable.subscribe { event in
        switch event {
        case .next(let element): lock.withLock { elements.append(element) }
        case .error, .completed: done.signal()
        }
    }
    done.wait()
    subscription.dispose()
    return lock.withLock { elements }
}

func subjectsAndRelays() {
    let bag = DisposeBag()
    let publish = PublishSubject<Int>()
    let behavior = BehaviorSubject(value: 0)
    let replay = ReplaySubject<Int>.create(bufferSize: 2)
    let relay = BehaviorRelay(value: "a")
    var seen = 0
    publish.subscribe(onNext: { seen += $0 }).disposed(by: bag)
    behavior.subscribe(onNext: { seen += $0 }, onError: { _ in seen += 1 }).disposed(by: bag)
    replay.subscribe(onNext: { seen += $0 }).disposed(by: bag)
    relay.subscribe(onNext: { seen += $0.count }).disposed(by: bag)
    for value in 1...100 {
        publish.onNext(value)
        behavior.onNext(value)
        replay.onNext(value)
        relay.accept(String(repeating: "x", count: value % 5))
    }
    publish.onCompleted()
    behavior.onError(LeakCheckError())
    replay.subscribe(onNext: { seen += $0 }).dispose()
    precondition(seen > 0)
}

func operators() {
    let bag = DisposeBag()
    let source = PublishSubject<Int>()
    let other = PublishSubject<Int>()
    var total = 0
    source.map { $0 * 2 }.filter { $0 % 3 != 0 }.scan(0, accumulator: +).distinctUntilChanged()
        .subscribe(onNext: { total += $0 }).disposed(by: bag)
    source.flatMap { Observable.of($0, $0 + 1) }.subscribe(onNext: { total += $0 }).disposed(by: bag)
    source.flatMapLatest { value in other.map { $0 + value } }.subscribe(onNext: { total += $0 }).disposed(by: bag)
    source.concatMap { Observable.just($0) }.subscribe(onNext: { total += $0 }).disposed(by: bag)
    Observable.combineLatest(source, other) { $0 + $1 }.subscribe(onNext: { total += $0 }).disposed(by: bag)
    Observable.zip(source, other) { $0 * $1 }.subscribe(onNext: { total += $0 }).disposed(by: bag)
    Observable.merge(source.asObservable(), other.asObservable()).take(50).skip(2)
        .subscribe(onNext: { total += $0 }).disposed(by: bag)
    source.withLatestFrom(other).subscribe(onNext: { total += $0 }).disposed(by: bag)
    let shared = source.map { $0 + 1 }.share(replay: 1)
    shared.subscribe(onNext: { total += $0 }).disposed(by: bag)
    shared.subscribe(onNext: { total += $0 }).disposed(by: bag)
    var attempts = 0
    Observable<Int>.create { observer in
        attempts += 1
        observer.onNext(attempts)
        if attempts < 3 { observer.onError(LeakCheckError()) } else { observer.onCompleted() }
        return Disposables.create()
    }
    .retry(5)
    .subscribe(onNext: { total += $0 }).disposed(by: bag)
    Observable<Int>.error(LeakCheckError()).catch { _ in .just(7) }.subscribe(onNext: { total += $0 })
        .disposed(by: bag)
    for value in 0..<200 {
        source.onNext(value)
        other.onNext(value)
    }
    // Chains left running: disposing the bag (when `bag` goes out of scope) must release them.
    precondition(total != 0)
}

/// The paths this pass rewrote by hand: a subject's observer list past its inline slot (append, removal from the
/// middle, release at the end, on dispose and with the subject), the `just` shortcuts, and the shared connection
/// that share(.whileConnected) restarts after its source ends.
func observerListsAndShortcuts() {
    var total = 0
    for ending in 0..<3 {
        let subject = PublishSubject<Int>()
        var subscriptions = (0..<9).map { _ in subject.subscribe(onNext: { total += $0 }) }
        for index in stride(from: 1, to: subscriptions.count, by: 2) { subscriptions[index].dispose() }
        subject.onNext(1)
        subscriptions.append(subject.subscribe(onNext: { total += $0 }))
        switch ending {
        case 0: subject.onCompleted()
        case 1: subject.dispose()
        default: break
        }
        subject.onNext(2)
        for subscription in subscriptions { subscription.dispose() }
    }
    let outer = PublishSubject<Int>()
    let bag = DisposeBag()
    outer.flatMap { Observable.just($0) }.subscribe(onNext: { total += $0 }).disposed(by: bag)
    outer.flatMapLatest { $0 % 2 == 0 ? Observable.just($0) : outer.take(1) }.subscribe(onNext: { total += $0 })
        .disposed(by: bag)
    Observable.combineLatest(Observable.just(1), outer, Observable.just(2)) { $0 + $1 + $2 }
        .subscribe(onNext: { total += $0 }).disposed(by: bag)
    for value in 0..<50 { outer.onNext(value) }
    var runs = 0
    let shared = Observable.deferred {
        runs += 1
        return Observable.of(1, 2, 3)
    }.share(replay: 1)
    for _ in 0..<3 { shared.subscribe(onNext: { total += $0 }).disposed(by: bag) }
    let live = outer.share(replay: 2)
    let first = live.subscribe(onNext: { total += $0 })
    let second = live.subscribe(onNext: { total += $0 })
    outer.onNext(7)
    first.dispose()
    second.dispose()
    precondition(total != 0 && runs == 3)
}

func schedulers() {
    let serial = SerialDispatchQueueScheduler(internalSerialQueueName: "rxlite.leakcheck")
    let concurrent = ConcurrentDispatchQueueScheduler(qos: .default)
    let observed = runToEnd(Observable.from(Array(0..<500)).subscribe(on: concurrent).observe(on: serial))
    precondition(observed == Array(0..<500))
    let delayed = runToEnd(Observable.of(1, 2, 3).delay(.milliseconds(5), scheduler: serial))
    precondition(delayed == [1, 2, 3])
    let debounced = runToEnd(Observable.of(1, 2, 3).debounce(.milliseconds(5), scheduler: serial))
    // Under valgrind a 5 ms pause can fall between elements, so only the last one is certain.
    precondition(debounced.last == 3)
    let throttled = runToEnd(Observable.of(1, 2, 3).throttle(.milliseconds(5), scheduler: serial))
    precondition(throttled.first == 1)
    let buffered = runToEnd(Observable.of(1, 2, 3).buffer(timeSpan: .milliseconds(50), count: 2, scheduler: serial))
    precondition(buffered.flatMap { $0 } == [1, 2, 3])
    let ticks = runToEnd(Observable<Int>.interval(.milliseconds(1), scheduler: serial).take(5))
    precondition(ticks == [0, 1, 2, 3, 4])
    let timedOut = runToEnd(
        Observable<Int>.never().timeout(.milliseconds(5), other: Observable.just(9), scheduler: concurrent))
    precondition(timedOut == [9])
    // A timer disposed before it fires.
    Observable<Int>.timer(.seconds(60), scheduler: serial).subscribe().dispose()
}

let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20
for _ in 0..<rounds {
    subjectsAndRelays()
    operators()
    observerListsAndShortcuts()
    schedulers()
}
// Let dispatch's worker threads finish the blocks they were running (their own bookkeeping, not ours).
Thread.sleep(forTimeInterval: 0.2)
#if DEBUG
    if Resources.total != 0 {
        print("rxlite-leakcheck: \(Resources.total) RxLite object(s) still alive")
        exit(1)
    }
#endif
print("rxlite-leakcheck: \(rounds) rounds, no RxLite object alive")
