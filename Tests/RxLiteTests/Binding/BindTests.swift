import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct BindTests {
    @Test func bindsToSeveralObserversAtOnce() {
        let subject = PublishSubject<Int>()
        let first = EventLog<Int>()
        let second = EventLog<Int>()
        let subscription = subject.bind(to: first, second)
        subject.onNext(1)
        subject.onCompleted()
        #expect(first.events.map(\.summary) == ["next(1)", "completed"])
        #expect(second.events.map(\.summary) == ["next(1)", "completed"])
        subscription.dispose()
    }

    @Test func bindsToOptionalObservers() {
        let subject = PublishSubject<Int>()
        let log = EventLog<Int?>()
        let subscription = subject.bind(to: log)
        subject.onNext(1)
        #expect(log.elements == [1])
        subscription.dispose()
    }

    @Test func bindsToRelays() {
        let subject = PublishSubject<Int>()
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let optional = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        var published: [Int] = []
        let bag = DisposeBag()
        publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        subject.bind(to: publish).disposed(by: bag)
        subject.bind(to: behavior, behavior).disposed(by: bag)
        subject.bind(to: optional).disposed(by: bag)
        subject.bind(to: replay).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        // A relay never ends: the completion is not forwarded, and the relay keeps working.
        subject.onCompleted()
        behavior.accept(3)
        #expect(published == [1, 2])
        #expect(behavior.value == 3)
        #expect(optional.value == 2)
        var replayed: [Int] = []
        replay.subscribe(onNext: { replayed.append($0) }).dispose()
        #expect(replayed == [2])
    }

    @Test func bindsToABinder() {
        final class Target {
            var values: [Int] = []
        }
        let scheduler = TestScheduler(initialClock: 0)
        let target = Target()
        let subject = PublishSubject<Int>()
        let subscription = subject.bind(to: Binder(target, scheduler: scheduler) { $0.values.append($1) })
        subject.onNext(1)
        subject.onNext(2)
        scheduler.start()
        #expect(target.values == [1, 2])
        subscription.dispose()
    }

    @Test func bindToAFunctionAndOnNext() {
        let subject = PublishSubject<Int>()
        var seen: [Int] = []
        let subscription = subject.bind(to: { source in source.subscribe(onNext: { seen.append($0 * 10) }) })
        let curried = subject.bind(
            to: { source in { (factor: Int) in source.subscribe(onNext: { seen.append($0 * factor) }) } },
            curriedArgument: 100)
        let plain = subject.bind(onNext: { seen.append($0) })
        subject.onNext(1)
        #expect(seen == [10, 100, 1])
        subscription.dispose()
        curried.dispose()
        plain.dispose()
    }

    @Test func disposeStopsDelivery() {
        let subject = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        let subscription = subject.bind(to: relay)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        #expect(relay.value == 1)
        #expect(!subject.hasObservers)
    }

    @Test func bindOnNextCrashesOnAnErrorInDebugBuilds() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                Observable<Int>.error(TestError()).bind(onNext: { _ in })
            }
        #endif
    }
}
