import RxLiteTest
import Testing

@testable import RxLite

/// What `withJustElement` hands out: the element of a `just`, `nil` for any other sequence.
private func justElement<Element>(of observable: Observable<Element>) -> Element? {
    var element: Element? = nil
    _ = observable.withJustElement { element = $0 }
    return element
}

/// `just` is held inline, and `flatMap`, `flatMapLatest` and `flatMapFirst` take its
/// element directly instead of subscribing to it. These tests pin down that the shortcut behaves as a subscription
/// to `just` would: same order, same completion, same disposal of the inner sequence it replaces.
@Suite(.checksResources) struct JustShortcutTests {
    @Test func justRecipeHoldsItsElementAndStillRunsAsASubscription() {
        #expect(justElement(of: Observable.just(7)) == 7)
        #expect(justElement(of: Observable.just(7).map { $0 }) == nil)
        #expect(justElement(of: Observable<Int?>.just(nil)) == .some(nil))
        let log = EventLog<Int>()
        Observable.just(7).subscribe(log)
        #expect(log.events == [.next(7), .completed])
    }

    @Test func aJustThatReplacesARunningInnerDisposesItBeforeItsElementArrives() {
        nonisolated(unsafe) var journal: [String] = []
        let running = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let subscription = trigger.flatMapLatest { value -> Observable<Int> in
            if value == 0 { return running.do(onDispose: { journal.append("dispose running") }) }
            return Observable.just(value)
        }
        .subscribe(
            onNext: { journal.append("next \($0)") }, onCompleted: { journal.append("completed") })
        trigger.onNext(0)
        running.onNext(10)
        trigger.onNext(1)
        running.onNext(11)
        trigger.onNext(2)
        trigger.onCompleted()
        #expect(journal == ["next 10", "dispose running", "next 1", "next 2", "completed"])
        #expect(!running.hasObservers)
        subscription.dispose()
    }

    @Test func flatMapLatestCompletesAfterItsJustInnersOnceTheOuterCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b--|", values: ["a": 1, "b": 2])
        let result = scheduler.start { source.flatMapLatest { Observable.just($0 * 10) } }
        #expect(result.events == [.next(210, 10), .next(230, 20), .completed(260)])
    }

    @Test func flatMapFirstDropsAJustWhileAnInnerRunsAndEmitsOneOtherwise() {
        let running = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = trigger.flatMapFirst { value -> Observable<Int> in
            value == 0 ? running.asObservable() : Observable.just(value)
        }
        .subscribe(log)
        trigger.onNext(1)
        trigger.onNext(0)
        trigger.onNext(2)
        running.onNext(10)
        running.onCompleted()
        trigger.onNext(3)
        trigger.onCompleted()
        #expect(log.events == [.next(1), .next(10), .next(3), .completed])
        subscription.dispose()
    }

    @Test func flatMapWaitsForRunningInnersButNotForJustOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let slow = scheduler.createColdObservable("---s|", values: ["s": 100])
        let source = scheduler.createHotObservable("^-a-b-|", values: ["a": 0, "b": 1])
        let result = scheduler.start {
            source.flatMap { $0 == 0 ? slow.asObservable() : Observable.just($0) }
        }
        #expect(result.events == [.next(230, 1), .next(240, 100), .completed(250)])
        #expect(slow.subscriptions == [Subscription(210, 250)])
    }

    @Test func flatMapDropsJustElementsAfterAnInnerFailed() {
        let failing = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = trigger.flatMap { $0 == 0 ? failing.asObservable() : Observable.just($0) }.subscribe(log)
        trigger.onNext(0)
        trigger.onNext(1)
        failing.onError(SampleError())
        trigger.onNext(2)
        #expect(log.elements == [1])
        #expect(log.error is SampleError)
        #expect(log.contractViolations == 0)
        subscription.dispose()
    }

    @Test func disposingDuringAJustElementStopsTheRestOfAMerge() {
        let log = EventLog<Int>()
        Observable.merge(Observable.just(1), Observable.just(2), Observable.just(3)).take(2).subscribe(log)
        #expect(log.events == [.next(1), .next(2), .completed])
    }

    @Test func combineLatestOfJustsEmitsOnceAndCompletes() {
        let log = EventLog<Int>()
        Observable.combineLatest(Observable.just(1), Observable.just(2), Observable.just(3)) { $0 + $1 + $2 }
            .subscribe(log)
        #expect(log.events == [.next(6), .completed])
    }

    @Test func combineLatestWithJustsFollowsTheLiveSourceAndItsEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-|", values: ["a": 1, "b": 2])
        let result = scheduler.start {
            Observable.combineLatest(Observable.just(10), source.asObservable()) { $0 + $1 }
        }
        #expect(result.events == [.next(210, 11), .next(230, 12), .completed(250)])
    }
}
