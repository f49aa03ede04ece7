import RxLite
import RxLiteTest

// Operators without a reference model still keep the Rx contract and let go of every source once they consumed
// its end (the check `runSingle` makes). Their "model" is the run itself, so only those checks can fail.

/// A target that checks the contract and source release of `build`, not its output; `releaseDelay` is how many
/// ticks after a source's end the operator may still hold it (see ``runSingle(_:releaseDelay:build:)``).
private func releaseTarget<Output>(
    _ name: String, streams count: Int, releaseDelay: TestTime = 0,
    build: @escaping @Sendable (TestScheduler, [Observable<Int>]) -> Observable<Output>
) -> FuzzTarget {
    let run: @Sendable (FuzzCase) -> FuzzRun = {
        runSingle($0, releaseDelay: releaseDelay) { scheduler, sources, _ in build(scheduler, sources) }
    }
    return FuzzTarget(
        name: "\(name) lets go of its sources",
        generate: { generator in
            let streams = (0..<count).map { _ in generator.stream(maxElements: 5) }
            return FuzzCase(streams: streams, disposed: generator.disposal())
        },
        run: run,
        model: { run($0).outputs })
}

extension FuzzTargets {
    static let releaseChecked: [FuzzTarget] = [
        releaseTarget("take(until:)", streams: 2) { _, s in s[0].take(until: s[1]) },
        releaseTarget("skip(until:)", streams: 2) { _, s in s[0].skip(until: s[1]) },
        releaseTarget("flatMapFirst", streams: 3) { _, s in s[0].flatMapFirst { s[1 + $0 % 2] } },
        releaseTarget("flatMapLatest", streams: 3) { _, s in s[0].flatMapLatest { s[1 + $0 % 2] } },
        releaseTarget("switchLatest", streams: 3) { _, s in s[0].map { s[1 + $0 % 2] }.switchLatest() },
        releaseTarget("merge(maxConcurrent:)", streams: 3) { _, s in
            s[0].map { s[1 + $0 % 2] }.merge(maxConcurrent: 1)
        },
        releaseTarget("merge", streams: 3) { _, s in Observable.merge(s[0], s[1], s[2]) },
        releaseTarget("concat", streams: 3) { _, s in Observable.concat([s[0], s[1], s[2]]) },
        releaseTarget("concatMap", streams: 3) { _, s in s[0].concatMap { s[1 + $0 % 2] } },
        releaseTarget("withLatestFrom", streams: 2) { _, s in s[0].withLatestFrom(s[1]) },
        releaseTarget("combineLatest of three", streams: 3) { _, s in
            Observable.combineLatest(s[0], s[1], s[2]) { $0 + $1 + $2 }
        },
        releaseTarget("zip of a collection", streams: 3) { _, s in Observable.zip([s[0], s[1], s[2]]) },
        releaseTarget("observe(on:)", streams: 1) { scheduler, s in s[0].observe(on: scheduler) },
        // Disposes its source through the scheduler, as RxSwift's does: one scheduled action after the end.
        releaseTarget("subscribe(on:)", streams: 1, releaseDelay: 1) { scheduler, s in s[0].subscribe(on: scheduler) },
        releaseTarget("delaySubscription", streams: 1) { scheduler, s in
            s[0].delaySubscription(.seconds(3), scheduler: scheduler)
        },
        releaseTarget("window", streams: 1) { scheduler, s in
            s[0].window(timeSpan: .seconds(7), count: 2, scheduler: scheduler).flatMap { $0.toArray() }
        },
        releaseTarget("throttle(latest: false)", streams: 1) { scheduler, s in
            s[0].throttle(.seconds(5), latest: false, scheduler: scheduler)
        },
        releaseTarget("take(for:)", streams: 1) { scheduler, s in s[0].take(for: .seconds(20), scheduler: scheduler) },
        releaseTarget("skip(for:)", streams: 1) { scheduler, s in s[0].skip(.seconds(5), scheduler: scheduler) },
        releaseTarget("retry", streams: 1) { _, s in s[0].retry(2) },
        releaseTarget("catch then another", streams: 2) { _, s in s[0].catch { _ in s[1] } },
        releaseTarget("catchAndReturn", streams: 1) { _, s in s[0].catchAndReturn(-1) },
        releaseTarget("startWith", streams: 1) { _, s in s[0].startWith(-1) },
        releaseTarget("materialize", streams: 1) { _, s in s[0].materialize().map { "\($0)" } },
        releaseTarget("toArray and reduce", streams: 2) { _, s in
            Observable.merge(s[0].toArray().map(\.count).asObservable(), s[1].reduce(0, accumulator: +))
        },
        releaseTarget("share(replay: 1, scope: .forever)", streams: 1) { _, s in
            s[0].share(replay: 1, scope: .forever)
        },
        releaseTarget("publish().refCount()", streams: 1) { _, s in s[0].publish().refCount() },
        releaseTarget("first and elementAt", streams: 2) { _, s in
            Observable.merge(s[0].first().map { $0 ?? -1 }.asObservable(), s[1].element(at: 1))
        },
        releaseTarget("ignoreElements", streams: 1) { _, s in s[0].ignoreElements() },
        releaseTarget("compactMap", streams: 1) { _, s in s[0].compactMap { $0 > 1 ? $0 : nil } },
        releaseTarget("Single.retry(when:)", streams: 2) { _, s in
            s[0].asSingle().retry { (errors: Observable<any Error>) in errors.flatMap { _ in s[1].take(1) } }
                .asObservable()
        },
        releaseTarget("Maybe.ifEmpty(switchTo:)", streams: 2) { _, s in
            s[0].asMaybe().ifEmpty(switchTo: s[1].asMaybe()).asObservable()
        },
        releaseTarget("Single.using", streams: 1) { _, s in
            Single.using({ BooleanDisposable() }) { _ in s[0].asSingle() }.asObservable()
        },
        releaseTarget("Single.zip", streams: 2) { _, s in
            Single.zip(s[0].asSingle(), s[1].asSingle()) { $0 + $1 }.asObservable()
        },
        releaseTarget("Completable.zip and andThen", streams: 3) { _, s in
            Completable.zip(s[0].ignoreElements().asCompletable(), s[1].ignoreElements().asCompletable())
                .andThen(s[2])
        },
        releaseTarget("withUnretained", streams: 1) { _, s in
            s[0].withUnretained(FuzzOwner.shared) { _, element in element }
        },
        releaseTarget("retry(when:)", streams: 2) { _, s in
            s[0].retry(when: { (errors: Observable<any Error>) in errors.take(2).flatMap { _ in s[1].take(1) } })
        },
        releaseTarget("takeLast", streams: 1) { _, s in s[0].takeLast(2) },
        releaseTarget("ifEmpty", streams: 3) { _, s in
            Observable.merge(s[0].ifEmpty(default: -1), s[1].ifEmpty(switchTo: s[2]))
        },
        releaseTarget("enumerated and single", streams: 2) { _, s in
            Observable.merge(s[0].enumerated().map(\.index), s[1].single { $0 > 2 })
        },
        releaseTarget("amb", streams: 3) { _, s in Observable.amb([s[0], s[1], s[2]]) },
        releaseTarget("catch(sequence:)", streams: 3) { _, s in Observable.catch(sequence: [s[0], s[1], s[2]]) },
        releaseTarget("using", streams: 1) { _, s in
            Observable.using({ BooleanDisposable() }, observableFactory: { _ in s[0] })
        },
        releaseTarget("groupBy", streams: 1) { _, s in
            s[0].groupBy { $0 % 2 }.flatMap { group in group.map { group.key * 100 + $0 } }
        },
        releaseTarget("multicast(_:selector:)", streams: 1) { _, s in
            s[0].multicast({ PublishSubject<Int>() }, selector: { Observable.merge($0, $0.skip(1)) })
        },
        releaseTarget("concat()", streams: 3) { _, s in s[0].map { s[1 + $0 % 2] }.concat() },
        releaseTarget("combineLatest of eight", streams: 3) { _, s in
            Observable.combineLatest(s[0], s[1], s[2], s[0], s[1], s[2], s[0], s[1]) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
        },
        releaseTarget("zip of five", streams: 3) { _, s in
            Observable.zip(s[0], s[1], s[2], s[0], s[1]) { $0 + $1 + $2 + $3 + $4 }
        },
    ]
}

/// An object for `withUnretained` that outlives every fuzz run.
final class FuzzOwner: Sendable {
    static let shared = FuzzOwner()
}
