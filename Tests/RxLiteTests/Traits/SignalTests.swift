import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct SignalTests {
    @Test func neverErrorsAndDeliversOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-#", values: ["a": 1, "b": 2])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { source.asSignal(onErrorJustReturn: -1) }
        }
        #expect(result.events == [.next(211, 1), .next(231, 2), .next(251, -1), .completed(251)])
    }

    @Test func aTypeThatIsASignalConvertsWithAsSignal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-|", values: ["a": 1, "b": 2])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start { () -> Signal<Int> in
                TapLikeEvents(events: source.asSignal(onErrorJustReturn: 0)).asSignal().map { $0 * 10 }
            }
        }
        #expect(result.events == [.next(211, 10), .next(231, 20), .completed(251)])
    }

    @Test func asSignalOnASignalIsTheSameSignal() {
        let signal = PublishRelay<Int>().asSignal()
        #expect(signal.asSignal().asObservable() === signal.asObservable())
    }

    @Test func doesNotReplayToALateSubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = relay.asSignal()
            let early = EventLog<Int>()
            let late = EventLog<Int>()
            let first = signal.asObservable().subscribe(early)
            relay.accept(1)
            scheduler.start()
            let second = signal.asObservable().subscribe(late)
            #expect(late.elements.isEmpty)
            relay.accept(2)
            scheduler.start()
            #expect(early.elements == [1, 2])
            #expect(late.elements == [2])
            first.dispose()
            second.dispose()
        }
    }

    @Test func recoversWithAnotherSignal() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-#", values: ["a": 1])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start {
                source.asSignal(onErrorRecover: { _ in Signal.just(7) })
            }
        }
        #expect(result.events == [.next(211, 1), .next(232, 7), .completed(232)])
        let fallback = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
                Observable<Int>.error(TestError()).asSignal(onErrorSignalWith: Signal.empty())
            }
        }
        #expect(fallback.events == [.completed(1201)])
    }

    @MainActor
    @Test func emitForwardsToClosuresObserversAndRelays() {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = relay.asSignal()
            var values: [Int] = []
            let log = EventLog<Int?>()
            let publish = PublishRelay<Int>()
            var published: [Int] = []
            let behavior = BehaviorRelay(value: 0)
            let optional = BehaviorRelay<Int?>(value: nil)
            let bag = DisposeBag()
            publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
            signal.emit(onNext: { values.append($0) }).disposed(by: bag)
            signal.emit(to: log).disposed(by: bag)
            signal.emit(to: publish).disposed(by: bag)
            signal.emit(to: behavior).disposed(by: bag)
            signal.emit(to: optional).disposed(by: bag)
            relay.accept(1)
            relay.accept(2)
            scheduler.start()
            #expect(values == [1, 2])
            #expect(log.elements == [1, 2])
            #expect(published == [1, 2])
            #expect(behavior.value == 2)
            #expect(optional.value == 2)
        }
    }

    @Test func operatorsKeepTheSignalKind() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let result = SharingScheduler.mock(scheduler: scheduler) {
            scheduler.start {
                let signal: Signal<String> = source.asSignal(onErrorJustReturn: 0).filter { $0 != 2 }.map { "\($0)" }
                return signal
            }
        }
        #expect(result.events == [.next(211, "1"), .next(251, "3"), .completed(261)])
    }
}

/// A type of an app's own that is a Signal by implementing only `asSharedSequence()`.
private struct TapLikeEvents: SharedSequenceConvertibleType {
    typealias Element = Int
    typealias SharingStrategy = SignalSharingStrategy

    let events: Signal<Int>

    func asSharedSequence() -> Signal<Int> { events }
}
