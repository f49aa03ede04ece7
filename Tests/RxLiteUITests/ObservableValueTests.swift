import Observation
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

@MainActor
@Suite(.checksResources) struct ObservableValueTests {
    @Test func bindCallsAtOnceAndLazyBindOnlyOnChanges() {
        let text = ObservableValue("a")
        var bound: [String] = []
        var lazy: [String] = []
        let bag = DisposeBag()
        text.bind { bound.append($0) }.disposed(by: bag)
        text.lazyBind { lazy.append($0) }.disposed(by: bag)
        #expect(bound == ["a"])
        #expect(lazy.isEmpty)
        text.value = "b"
        #expect(bound == ["a", "b"])
        #expect(lazy == ["b"])
        #expect(text.value == "b")
    }

    @Test func severalObserversAllGetEveryValue() {
        let count = ObservableValue(0)
        var first: [Int] = []
        var second: [Int] = []
        var third: [Int] = []
        let bag = DisposeBag()
        count.bind { first.append($0) }.disposed(by: bag)
        count.bind { second.append($0) }.disposed(by: bag)
        count.value = 1
        count.lazyBind { third.append($0) }.disposed(by: bag)
        count.value = 2
        #expect(first == [0, 1, 2])
        #expect(second == [0, 1, 2])
        #expect(third == [2])
    }

    @Test func disposeStopsDelivery() {
        let count = ObservableValue(0)
        var seen: [Int] = []
        let binding = count.bind { seen.append($0) }
        count.value = 1
        binding.dispose()
        count.value = 2
        #expect(seen == [0, 1])
        var bag: DisposeBag? = DisposeBag()
        count.lazyBind { seen.append($0) }.disposed(by: bag!)
        count.value = 3
        bag = nil
        count.value = 4
        #expect(seen == [0, 1, 3])
    }

    @Test func aWeaklyHeldOwnerDeallocatesAndReleasesEverything() {
        @MainActor final class Screen {
            let title = ObservableValue<String?>(nil)
            var shown: String?
            let disposeBag = DisposeBag()
            init() {
                title.bind { [weak self] in self?.shown = $0 }.disposed(by: disposeBag)
                title.bind(with: self) { screen, title in screen.shown = title }.disposed(by: disposeBag)
            }
        }
        let baseline = Resources.total
        var screen: Screen? = Screen()
        weak let weakScreen = screen
        screen?.title.value = "Hello"
        #expect(screen?.shown == "Hello")
        screen = nil
        #expect(weakScreen == nil)
        #expect(Resources.total == baseline)
    }

    @Test func anObserverThatSetsTheValueSeesItAfterItsCurrentCall() {
        let value = ObservableValue(0)
        var first: [Int] = []
        var second: [Int] = []
        let bag = DisposeBag()
        value.lazyBind { new in
            first.append(new)
            if new == 1 { value.value = 2 }
            // Reads see the newest value at once.
            if new == 1 { #expect(value.value == 2) }
        }.disposed(by: bag)
        value.lazyBind { second.append($0) }.disposed(by: bag)
        value.value = 1
        // Every observer sees 1 then 2, in order, never 2 before 1.
        #expect(first == [1, 2])
        #expect(second == [1, 2])
    }

    @Test func mixesWithStreams() {
        let query = ObservableValue<String?>("rx")
        let subject = PublishSubject<String?>()
        var upper: [String] = []
        let bag = DisposeBag()
        // bind(to:) feeds it (on the main queue, at once here), and it reads as an Observable.
        subject.bind(to: query).disposed(by: bag)
        query.asObservable().compactMap { $0?.uppercased() }.subscribe(onNext: { upper.append($0) })
            .disposed(by: bag)
        subject.onNext("swift")
        #expect(query.value == "swift")
        #expect(upper == ["RX", "SWIFT"])
    }

    @Test func asDriverDeliversOnTheSharingScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let name = ObservableValue("a")
        let result = SharingScheduler.mock(scheduler: scheduler) { () -> TestableObserver<String> in
            let observer = scheduler.createObserver(String.self)
            scheduler.scheduleAt(100) { name.value = "b" }
            let subscription = name.asDriver().asObservable().subscribe(observer)
            scheduler.start()
            subscription.dispose()
            return observer
        }
        #expect(result.events == [.next(1, "a"), .next(101, "b")])
    }

    @Test func aDriverCanFeedIt() {
        let source = BehaviorRelay(value: 1)
        let target = ObservableValue(0)
        let subscription = source.asDriver().drive(target)
        #expect(target.value == 1)
        source.accept(2)
        #expect(target.value == 2)
        subscription.dispose()
    }

    @Test(.checksResources(.processWide)) func feedingFromAnotherThreadLandsOnTheMainActor() async {
        let baseline = Resources.total
        let (seen, onMain) = await Self.feedThreeFromABackgroundThread()
        #expect(seen == [1, 2, 3])
        #expect(onMain == [true, true, true])
        // The main queue releases each dispatched action's handle just after running it.
        await expectResourcesReturn(to: baseline)
    }

    /// Binds a relay fed from a background thread to an `ObservableValue`; returns what its observer saw and whether
    /// each value arrived on the main queue. Everything it built is out of scope once it returns.
    @MainActor
    static func feedThreeFromABackgroundThread() async -> (seen: [Int], onMain: [Bool]) {
        let target = ObservableValue(0)
        let relay = PublishRelay<Int>()
        let subscription = relay.bind(to: target)
        let bag = DisposeBag()
        var seen: [Int] = []
        var onMain: [Bool] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            target.lazyBind { value in
                seen.append(value)
                onMain.append(MainScheduler.isOnMainQueue)
                if value == 3 { done.resume() }
            }.disposed(by: bag)
            Task.detached { for value in 1...3 { relay.accept(value) } }
        }
        subscription.dispose()
        return (seen, onMain)
    }

    let bag = DisposeBag()

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func observationSeesEveryChangeOfTheValue() {
        let count = ObservableValue(0)
        let changes = RxAtomic<Int>(0)
        let read = withObservationTracking {
            count.value
        } onChange: {
            changes.add(1, ordering: .relaxed)
        }
        #expect(read == 0)
        count.value = 1
        #expect(changes.load(ordering: .relaxed) == 1)
        // A registration fires once; reading again registers again, as SwiftUI does after each redraw.
        _ = withObservationTracking {
            count.value
        } onChange: {
            changes.add(1, ordering: .relaxed)
        }
        count.value = 2
        #expect(changes.load(ordering: .relaxed) == 2)
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func observeReadsAnObservableValueThroughObservation() {
        let count = ObservableValue(0)
        var seen: [Int] = []
        let subscription = RxLite.Observable.observe { count.value }.subscribe(onNext: { seen.append($0) })
        #expect(seen == [0])
        subscription.dispose()
    }
}
