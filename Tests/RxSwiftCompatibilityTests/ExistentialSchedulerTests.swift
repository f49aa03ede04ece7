// A scheduler kept as RxSwift code keeps it: a stored `SchedulerType` existential, injected so that tests can pass a
// TestScheduler and the app MainScheduler.instance. RxSwift's operators take the existential, so every one of them
// must accept it, whatever else named `scheduler` is in scope (an app's main.swift often has a global of that name,
// which benchmarks/build-probe declares too).
import RxSwift
import RxTest
import XCTest

/// A search screen's model written as RxSwift apps write it.
final class InjectedSchedulerSearchModel {
    private let scheduler: SchedulerType

    init(scheduler: SchedulerType) {
        self.scheduler = scheduler
    }

    func results(for text: Observable<String>) -> Observable<String> {
        text
            .debounce(.seconds(3), scheduler: scheduler)
            .throttle(.seconds(1), latest: false, scheduler: scheduler)
            .timeout(.seconds(100), scheduler: scheduler)
            .delay(.seconds(1), scheduler: scheduler)
            .observe(on: scheduler)
    }

    func ticks() -> Observable<Int> {
        Observable<Int>.interval(.seconds(10), scheduler: scheduler).take(2)
    }

    func started(_ source: Observable<Int>) -> Observable<[Int]> {
        source
            .subscribe(on: scheduler)
            .delaySubscription(.seconds(5), scheduler: scheduler)
            .buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler)
    }
}

final class ExistentialSchedulerTests: XCTestCase {
    func testEveryTimeOperatorTakesAStoredExistentialScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = InjectedSchedulerSearchModel(scheduler: scheduler)
        let text = scheduler.createHotObservable([.next(210, "s"), .next(211, "sw"), .next(230, "swift")])
        let results = scheduler.start { model.results(for: text.asObservable()) }
        // debounce 3 (214, 233); throttle passes both; delay 1; observe(on:) a tick. timeout fires 100 after the
        // last element (333), and delay does not hold errors back.
        XCTAssertEqual(results.events, [.next(216, "sw"), .next(235, "swift"), .error(334, RxError.timeout)])
    }

    func testCreatingAndSubscribingOperatorsTakeItToo() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = InjectedSchedulerSearchModel(scheduler: scheduler)
        let ticks = scheduler.start { model.ticks() }
        XCTAssertEqual(ticks.events, [.next(210, 0), .next(220, 1), .completed(220)])

        let other = TestScheduler(initialClock: 0)
        let source = other.createColdObservable([.next(1, 7), .completed(2)])
        let chunks = other.start { InjectedSchedulerSearchModel(scheduler: other).started(source.asObservable()) }
        // delaySubscription 5, then subscribe(on:) a tick: the source runs from 206, ends at 208.
        XCTAssertEqual(chunks.events, [.next(208, [7]), .completed(208)])
        XCTAssertEqual(source.subscriptions, [Subscription(206, 209)])
    }
}
