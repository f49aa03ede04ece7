import RxLite
import RxLiteTest
import Testing

// Code whose element is `Sendable` gets the checked overloads of the operators that move elements between threads,
// with no warning: this target builds with warnings as errors, so a call here that resolved to an overload for
// elements that are not `Sendable` (deprecated, DifferencesFromRxSwift: "What is checked and what only warns")
// would fail the build. Generic code constrained to `Sendable` resolves the same way as concrete code.

/// Operators with a checked and an unchecked overload, on an element known only to be `Sendable`.
private func hopAndTime<Element: Sendable>(
    _ source: Observable<Element>, on scheduler: some SchedulerType
) -> Observable<Element> {
    source
        .subscribe(on: scheduler)
        .observe(on: scheduler)
        .delay(.seconds(1), scheduler: scheduler)
        .debounce(.seconds(1), scheduler: scheduler)
        .throttle(.seconds(1), scheduler: scheduler)
}

private func asTraits<Element: Sendable>(_ source: Observable<Element>, fallback: Element) -> (
    Driver<Element>, Signal<Element>
) {
    (source.asDriver(onErrorJustReturn: fallback).debounce(.seconds(1)), source.asSignal(onErrorJustReturn: fallback))
}

@Suite(.checksResources) struct CheckedOverloadTests {
    @Test func aSendableGenericElementTakesTheCheckedOverloads() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-------b|", values: ["a": 1, "b": 2])
        let result = scheduler.start { hopAndTime(source.asObservable(), on: scheduler) }
        // Each event takes observe(on:)'s tick and delay's second; debounce adds a second to each element and flushes
        // at completion; throttle's windows are over by the time each element comes.
        #expect(result.events == [.next(213, 1), .next(293, 2), .completed(302)])
    }

    @Test func aSendableGenericElementBecomesADriverAndASignal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b|", values: ["a": 1, "b": 2])
        let (driver, signal) = SharingScheduler.mock(scheduler: scheduler) {
            asTraits(source.asObservable(), fallback: 0)
        }
        let signalled = scheduler.createObserver(Int.self)
        let subscription = signal.asObservable().subscribe(signalled)
        let driven = scheduler.start { driver }
        subscription.dispose()
        // Both hop to the (mocked) main scheduler, a tick; the driver's debounce adds a second to each element.
        #expect(driven.events == [.next(212, 1), .next(232, 2), .completed(241)])
        #expect(signalled.events == [.next(211, 1), .next(231, 2), .completed(241)])
    }
}
