// Declarations scripts/api-declarations.py found missing or on another receiver than RxSwift's, used as RxSwift code
// uses them: generic code over ObservableType and PrimitiveSequenceType calling the creation operators on `Self`,
// the subjects as their own observers, RxSwift's aliases, and the RxCocoa forms with no arguments.
import Foundation
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

/// Generic code over any ObservableType, as RxSwift's creation operators allow: they are declared on the protocol.
func startingWith<O: ObservableType>(_ type: O.Type, _ first: O.Element, then rest: [O.Element]) -> Observable<
    O.Element
> {
    O.concat([O.just(first), O.from(rest), O.empty()])
}

/// The same for the traits: `error` and `never` are declared for every primitive sequence.
func failing<P: PrimitiveSequenceType>(_ type: P.Type, with error: Error) -> PrimitiveSequence<P.Trait, P.Element> {
    P.error(error)
}

final class RxSwiftDeclarationsTests: XCTestCase {
    func testCreationOperatorsAreDeclaredOnObservableType() {
        var received: [Int] = []
        _ = startingWith(PublishSubject<Int>.self, 1, then: [2, 3]).subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1, 2, 3])
        var ranged: [Int] = []
        _ = Observable<Int>.range(start: 4, count: 2).subscribe(onNext: { ranged.append($0) })
        XCTAssertEqual(ranged, [4, 5])
    }

    func testErrorAndNeverForEveryPrimitiveSequence() {
        var failure: Error?
        _ = failing(Single<Int>.self, with: RxError.timeout).subscribe(onSuccess: { _ in }, onFailure: { failure = $0 })
        XCTAssertEqual(failure as? RxError, .timeout)
        var completed = false
        _ = Completable.never().subscribe(onCompleted: { completed = true })
        XCTAssertFalse(completed)
    }

    func testASubjectIsItsOwnObserver() {
        let subject = PublishSubject<Int>()
        let observer: PublishSubject<Int> = subject.asObserver()
        let erased: AnyObserver<Int> = subject.asObserver()
        var received: [Int] = []
        _ = subject.subscribe(onNext: { received.append($0) })
        observer.onNext(1)
        erased.onNext(2)
        XCTAssertEqual(received, [1, 2])
    }

    func testMapObserverTransformsAndReportsWhatTheTransformThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let recorder = scheduler.createObserver(Int.self)
        let lengths: AnyObserver<String> = recorder.mapObserver { text in
            if text.isEmpty { throw RxError.noElements }
            return text.count
        }
        lengths.onNext("abc")
        lengths.onNext("")
        XCTAssertEqual(recorder.events, [.next(0, 3), .error(0, RxError.noElements)])
    }

    func testDisposeBagTakesAListOrAnArray() {
        var disposed = 0
        var bag: DisposeBag? = DisposeBag(
            disposing: Disposables.create { disposed += 1 }, Disposables.create { disposed += 1 })
        var other: DisposeBag? = DisposeBag(disposing: [Disposables.create { disposed += 1 }])
        XCTAssertEqual(disposed, 0)
        bag = nil
        other = nil
        XCTAssertNil(bag)
        XCTAssertNil(other)
        XCTAssertEqual(disposed, 3)
    }

    func testRxSwiftsAliasesAndKeys() {
        let observable: RxObservable<Int> = Observable.just(1)
        var received: [Int] = []
        _ = observable.subscribe(onNext: { received.append($0) })
        XCTAssertEqual(received, [1])
        let composite = CompositeDisposable()
        let key: CompositeDisposable.DisposeKey? = composite.insert(Disposables.create())
        XCTAssertNotNil(key)
        XCTAssertEqual(RxError.timeout.debugDescription, RxError.timeout.description)
        let time: SerialDispatchQueueScheduler.Time = Date(timeIntervalSince1970: 0)
        XCTAssertEqual(time.timeIntervalSince1970, 0)
    }

    func testAnInfallibleTakesOneClosureForEveryEvent() {
        var events: [String] = []
        _ = Infallible.from([1, 2]).subscribe { event in
            switch event {
            case .next(let element): events.append("next \(element)")
            case .completed: events.append("completed")
            }
        }
        XCTAssertEqual(events, ["next 1", "next 2", "completed"])
    }

    func testDriveAndEmitWithNoArgumentsSubscribeForTheSideEffects() {
        let scheduler = TestScheduler(initialClock: 0)
        var seen: [Int] = []
        SharingScheduler.mock(makeScheduler: { scheduler }) {
            let state = BehaviorRelay(value: 1)
            let taps = PublishRelay<Int>()
            let bag = DisposeBag()
            state.asDriver().do(onNext: { seen.append($0) }).drive().disposed(by: bag)
            taps.asSignal().do(onNext: { seen.append($0 * 10) }).emit().disposed(by: bag)
            scheduler.start()
            taps.accept(2)
            scheduler.start()
        }
        XCTAssertEqual(seen, [1, 20])
    }

    func testRxTestsXCTestAssertionsAndProcessingDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let recorder = scheduler.createObserver(Int.self)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        _ = source.subscribe(recorder)
        scheduler.start()
        XCTAssertRecordedElements(recorder.events, [1, 2])
        let outcomes: [SingleEvent<Int>] = [.success(1), .failure(RxError.timeout)]
        XCTAssertEqual(outcomes, [.success(1), .failure(RxError.timeout)])
        XCTAssertEqual(scheduler.adjustScheduledTime(scheduler.clock), scheduler.clock + 1)
        XCTAssertEqual(scheduler.adjustScheduledTime(scheduler.clock + 5), scheduler.clock + 5)
    }
}

/// Generic over the sharing strategy, as RxCocoa code built on SharingStrategyProtocol is.
func shared<S: SharingStrategyProtocol>(_ source: Observable<Int>, as strategy: S.Type) -> SharedSequence<S, Int> {
    source.asSharedSequence(sharingStrategy: strategy, onErrorJustReturn: -1)
}

final class SharedSequenceStrategyTests: XCTestCase {
    func testAnyStrategyGivesTheSequenceOfThatStrategy() {
        let scheduler = TestScheduler(initialClock: 0)
        var seen: [Int] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let bag = DisposeBag()
            shared(Observable.error(RxError.timeout), as: DriverSharingStrategy.self)
                .drive(onNext: { seen.append($0) }).disposed(by: bag)
            shared(Observable.of(1, 2), as: SignalSharingStrategy.self)
                .emit(onNext: { seen.append($0 * 10) }).disposed(by: bag)
            scheduler.start()
        }
        XCTAssertEqual(seen, [-1, 10, 20])
    }
}
