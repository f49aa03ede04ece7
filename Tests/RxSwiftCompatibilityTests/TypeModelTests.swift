// RxSwift code as apps and libraries write it, compiled in Swift 5 language mode against RxSwift's module names
// only: each test is a pattern that must compile unchanged and behave as it does on RxSwift.
import Foundation
import RxBlocking
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import XCTest

/// A library's own subject: an `ObservableType` that implements only `subscribe(_:)` (pattern 2).
final class ActionSubject<Element>: ObservableType, ObserverType {
    private let subject = PublishSubject<Element>()

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    // Like a control's event stream, it never ends: terminal events are dropped.
    func on(_ event: Event<Element>) {
        if case .next = event { subject.on(event) }
    }
}

/// A source written against `ObservableType` alone, counting its subscriptions and disposals.
final class CountingSource: ObservableType {
    typealias Element = Int
    private(set) var subscribeCount = 0
    private(set) var disposeCount = 0
    private var observers: [AnyObserver<Int>] = []

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        subscribeCount += 1
        observers.append(AnyObserver(observer))
        return Disposables.create { [weak self] in self?.disposeCount += 1 }
    }

    func send(_ element: Int) {
        for observer in observers { observer.onNext(element) }
    }
}

final class TypeModelTests: XCTestCase {
    private func show(_ items: Observable<[Int]>) -> [[Int]] {
        (try? items.take(1).toBlocking().toArray()) ?? []
    }

    func testSubjectsAndConnectablesAreObservables() throws {
        let subject = PublishSubject<Int>()
        let observable: Observable<Int> = subject
        let items = BehaviorSubject<[Int]>(value: [1, 2])
        XCTAssertEqual(show(items), [[1, 2]])
        let replayed = Observable.of(1, 2, 3).replay(1)
        let asObservable: Observable<Int> = replayed
        var replayedElements: [Int] = []
        let replaySubscription = asObservable.subscribe(onNext: { replayedElements.append($0) })
        replayed.connect().dispose()
        replaySubscription.dispose()
        XCTAssertEqual(replayedElements, [1, 2, 3])
        var received: [Int] = []
        let subscription = observable.subscribe(onNext: { received.append($0) })
        subject.onNext(4)
        subscription.dispose()
        XCTAssertEqual(received, [4])
        let subjects: [Observable<Int>] = [
            PublishSubject(), BehaviorSubject(value: 0), ReplaySubject.create(bufferSize: 1), AsyncSubject(),
        ]
        XCTAssertEqual(subjects.count, 4)
    }

    func testAnObservableCanBeReferencedWeakly() {
        weak var source: Observable<Int>?
        var subject: PublishSubject<Int>? = PublishSubject<Int>()
        source = subject
        XCTAssertNotNil(source)
        subject = nil
        XCTAssertNil(source)
    }

    func testAHandWrittenObservableTypeWorksWithEveryOperator() throws {
        let action = ActionSubject<Int>()
        var received: [String] = []
        let bag = DisposeBag()
        action.map { $0 * 10 }.filter { $0 > 10 }.subscribe(onNext: { received.append("\($0)") }).disposed(by: bag)
        action.subscribe(onNext: { received.append("direct \($0)") }).disposed(by: bag)
        let relay = BehaviorRelay(value: 0)
        action.bind(to: relay).disposed(by: bag)
        action.onNext(1)
        action.onNext(2)
        action.onCompleted()
        action.onNext(3)
        XCTAssertEqual(received, ["direct 1", "20", "direct 2", "30", "direct 3"])
        XCTAssertEqual(relay.value, 3)
        let merged = try Observable.merge(action.asObservable(), Observable.just(9)).take(1).toBlocking().toArray()
        XCTAssertEqual(merged, [9])
    }

    func testDisposingAChainDisposesTheHandWrittenSubscription() {
        let source = CountingSource()
        var received: [Int] = []
        let subscription = source.map { $0 + 1 }.subscribe(onNext: { received.append($0) })
        source.send(1)
        subscription.dispose()
        XCTAssertEqual(received, [2])
        XCTAssertEqual(source.subscribeCount, 1)
        XCTAssertEqual(source.disposeCount, 1)
    }

    func testAStructCanBeADisposable() {
        struct Token: Disposable {
            let onDispose: () -> Void
            func dispose() { onDispose() }
        }
        var disposed = 0
        do {
            let bag = DisposeBag()
            Token { disposed += 1 }.disposed(by: bag)
            bag.insert(Token { disposed += 1 })
        }
        XCTAssertEqual(disposed, 2)
        let composite = CompositeDisposable()
        _ = composite.insert(Token { disposed += 1 })
        composite.dispose()
        XCTAssertEqual(disposed, 3)
        let serial = SerialDisposable()
        serial.disposable = Token { disposed += 1 }
        serial.disposable = Token { disposed += 10 }
        XCTAssertEqual(disposed, 4)
        serial.dispose()
        XCTAssertEqual(disposed, 14)
        // Returned from `create`: the subscription holds it (boxed: a subscription holds objects) and disposes it
        // once, when it ends.
        let created = Observable<Int>.create { _ in Token { disposed += 100 } }
        let subscription = created.subscribe()
        XCTAssertEqual(disposed, 14)
        subscription.dispose()
        subscription.dispose()
        XCTAssertEqual(disposed, 114)
        _ = Observable<Int>.create { observer in
            observer.onCompleted()
            return Token { disposed += 1000 }
        }.subscribe()
        XCTAssertEqual(disposed, 1114)
    }

    func testQualifiedNamesResolve() {
        let observable: RxSwift.Observable<Int> = RxSwift.Observable.just(1)
        let relay = RxRelay.PublishRelay<Int>()
        let scheduler = RxTest.TestScheduler(initialClock: 0)
        let driver: RxCocoa.Driver<Int> = observable.asDriver(onErrorJustReturn: 0)
        _ = (relay, scheduler, driver)
        XCTAssertEqual(try observable.toBlocking().single(), 1)
    }

    func testThrowingRxErrorUnknownCompiles() {
        XCTAssertThrowsError(try { () throws -> Int in throw RxError.unknown }())
    }
}

final class SubscriptionOrderTests: XCTestCase {
    func testMergedSequencesInterleaveThroughTheTrampoline() throws {
        let merged = Observable.merge(Observable.of(1, 3, 5), Observable.of(2, 4, 6))
        XCTAssertEqual(try merged.toBlocking().toArray(), [1, 2, 3, 4, 5, 6])
        let ranges = Observable.merge(Observable.range(start: 0, count: 2), Observable.range(start: 10, count: 2))
        XCTAssertEqual(try ranges.toBlocking().toArray(), [0, 10, 1, 11])
        let justs = Observable.merge(Observable.just(1), Observable.just(2))
        XCTAssertEqual(try justs.toBlocking().toArray(), [1, 2])
    }

    func testAnOperatorSeesASynchronousSourceEndAfterItsOwnSetup() {
        // A third-party operator that subscribes to its source while it sets up, and must be set up before the
        // source's end arrives (in RxSwift it is: `of` emits from the trampoline once subscribe has returned).
        var log: [String] = []
        let custom = Observable<Int>.create { observer in
            var isSetUp = false
            let inner = Observable.of(1, 2).subscribe(
                onNext: { log.append("next \($0) set up: \(isSetUp)") },
                onCompleted: {
                    log.append("completed set up: \(isSetUp)")
                    observer.onCompleted()
                })
            isSetUp = true
            log.append("set up")
            return inner
        }
        _ = custom.subscribe()
        XCTAssertEqual(log, ["set up", "next 1 set up: true", "next 2 set up: true", "completed set up: true"])
    }

    func testSubscribingFromAnEventQueuesTheInnerSource() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let subscription = subject.flatMap { value in Observable.of(value, value * 10) }
            .subscribe(onNext: { log.append("\($0)") })
        subject.onNext(1)
        subject.onNext(2)
        subscription.dispose()
        XCTAssertEqual(log, ["1", "10", "2", "20"])
    }
}

final class TestSchedulerOwnershipTests: XCTestCase {
    func testAHotObservableNotKeptByTheTestStillSendsItsEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        scheduler.createHotObservable([.next(210, 1), .completed(300)]).subscribe(observer).disposed(by: bag)
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, 1), .completed(300)])
    }

    func testStartRecordsASequenceBuiltFromAColdObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let result = scheduler.start { xs.map { $0 * 2 } }
        XCTAssertEqual(result.events, [.next(210, 2), .next(220, 4), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    /// ReactorKit's tests feed a reactor's action subject (an observer that drops terminal events) from a hot
    /// observable whose recorded events go on after a `completed`; RxTest hands it every one.
    func testAHotObservableFeedsAnObserverPastATerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let action = ActionSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let bag = DisposeBag()
        action.subscribe(observer).disposed(by: bag)
        scheduler.createHotObservable([.next(100, 1), .completed(150), .next(200, 2)]).subscribe(action)
            .disposed(by: bag)
        let direct = scheduler.createObserver(Int.self)
        let xs = scheduler.createHotObservable([.next(100, 1), .completed(150), .next(200, 2)])
        xs.subscribe(direct).disposed(by: bag)
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(100, 1), .next(200, 2)])
        XCTAssertEqual(direct.events, [.next(100, 1), .completed(150), .next(200, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(0)])
    }
}
