import RxLite
import RxLiteTest
import Testing

/// The generated forms (scripts/generate-arities.py): every arity wires each source to its own slot, and the
/// collection forms are called on the element type as in RxSwift.
@Suite(.checksResources) struct CombiningAritiesTests {
    @Test func combineLatestOfEightPutsEachSourceInItsSlot() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = (1...8).map { index in
            scheduler.createHotObservable([.next(200 + 10 * index, index), .completed(300 + index)])
        }
        let result = scheduler.start {
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                [$0, $1, $2, $3, $4, $5, $6, $7]
            }
        }
        #expect(result.events == [.next(280, Array(1...8)), .completed(308)])
        #expect(s[0].subscriptions == [Subscription(200, 301)])
    }

    @Test func everyCombineLatestArityCombinesInOrder() {
        let j = (1...8).map { Observable.just($0) }
        var outputs: [[Int]] = []
        let bag = DisposeBag()
        Observable.combineLatest(j[0], j[1]).map { [$0, $1] }.subscribe(onNext: { outputs.append($0) })
            .disposed(by: bag)
        Observable.combineLatest(j[0], j[1], j[2]).map { [$0, $1, $2] }.subscribe(onNext: { outputs.append($0) })
            .disposed(by: bag)
        Observable.combineLatest(j[0], j[1], j[2], j[3]).map { [$0, $1, $2, $3] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        Observable.combineLatest(j[0], j[1], j[2], j[3], j[4]).map { [$0, $1, $2, $3, $4] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        Observable.combineLatest(j[0], j[1], j[2], j[3], j[4], j[5]).map { [$0, $1, $2, $3, $4, $5] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        Observable.combineLatest(j[0], j[1], j[2], j[3], j[4], j[5], j[6]).map { [$0, $1, $2, $3, $4, $5, $6] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        Observable.combineLatest(j[0], j[1], j[2], j[3], j[4], j[5], j[6], j[7]) { [$0, $1, $2, $3, $4, $5, $6, $7] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        #expect(outputs == (2...8).map { Array(1...$0) })
    }

    @Test func everyZipArityPairsInOrder() {
        let j = (1...8).map { Observable.of($0, $0 * 10) }
        var outputs: [[Int]] = []
        let bag = DisposeBag()
        Observable.zip(j[0], j[1]).map { [$0, $1] }.subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        Observable.zip(j[0], j[1], j[2]).map { [$0, $1, $2] }.subscribe(onNext: { outputs.append($0) })
            .disposed(by: bag)
        Observable.zip(j[0], j[1], j[2], j[3]).map { [$0, $1, $2, $3] }.subscribe(onNext: { outputs.append($0) })
            .disposed(by: bag)
        Observable.zip(j[0], j[1], j[2], j[3], j[4]).map { [$0, $1, $2, $3, $4] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        Observable.zip(j[0], j[1], j[2], j[3], j[4], j[5]).map { [$0, $1, $2, $3, $4, $5] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        Observable.zip(j[0], j[1], j[2], j[3], j[4], j[5], j[6]).map { [$0, $1, $2, $3, $4, $5, $6] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        Observable.zip(j[0], j[1], j[2], j[3], j[4], j[5], j[6], j[7]) { [$0, $1, $2, $3, $4, $5, $6, $7] }
            .subscribe(onNext: { outputs.append($0) }).disposed(by: bag)
        #expect(outputs == (2...8).flatMap { n in [Array(1...n), (1...n).map { $0 * 10 }] })
    }

    @Test func zipOfEightWaitsForEverySourceAndEndsOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = (1...7).map { index in scheduler.createHotObservable([.next(200 + 10 * index, index)]) }
        let failing = scheduler.createHotObservable([.next(205, 8), .error(290, TestError())])
        let result = scheduler.start {
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], failing) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        }
        #expect(result.events == [.next(270, 36), .error(290, TestError())])
        #expect(s[6].subscriptions == [Subscription(200, 290)])
    }

    @Test(arguments: ["combineLatest", "zip", "combineLatest with selector"])
    func collectionFormsAreCalledOnTheElementType(form: String) {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable("^-a--b-|", values: ["a": 1, "b": 2])
        let b = scheduler.createHotObservable("^--c---|", values: ["c": 3])
        let result = scheduler.start { () -> Observable<[Int]> in
            switch form {
            case "combineLatest": Observable<Int>.combineLatest([a, b])
            case "zip": Observable<Int>.zip([a, b])
            default: Observable.combineLatest([a, b]) { [$0.reduce(0, +)] }
            }
        }
        let expected: [Recorded<Event<[Int]>>] =
            switch form {
            case "combineLatest": [.next(220, [1, 3]), .next(240, [2, 3]), .completed(260)]
            case "zip": [.next(220, [1, 3]), .completed(260)]
            default: [.next(220, [4]), .next(240, [5]), .completed(260)]
            }
        #expect(result.events == expected)
    }

    @Test func driverAritiesAndCollections() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let d = (1...8).map { Driver.just($0) }
            var seen: [[Int]] = []
            let bag = DisposeBag()
            Driver.combineLatest(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]) { [$0, $1, $2, $3, $4, $5, $6, $7] }
                .asObservable().subscribe(onNext: { seen.append($0) }).disposed(by: bag)
            Driver.zip(d[0], d[1], d[2], d[3], d[4]).map { [$0, $1, $2, $3, $4] }
                .asObservable().subscribe(onNext: { seen.append($0) }).disposed(by: bag)
            Driver.combineLatest(d).asObservable().subscribe(onNext: { seen.append($0) }).disposed(by: bag)
            Driver.zip(d) { $0.reversed() }.asObservable().subscribe(onNext: { seen.append($0) }).disposed(by: bag)
            let signals = [Signal<Int>.just(1), Signal<Int>.just(2)]
            Signal.zip(signals).asObservable().subscribe(onNext: { seen.append($0) }).disposed(by: bag)
            Signal.combineLatest(signals[0], signals[1]).map { [$0, $1] }.asObservable()
                .subscribe(onNext: { seen.append($0) }).disposed(by: bag)
            scheduler.start()
            #expect(
                seen == [
                    Array(1...8), Array(1...5), Array(1...8), Array((1...8).reversed()), [1, 2], [1, 2],
                ])
        }
    }
}
