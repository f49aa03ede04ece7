import Observation
import RxLite
import RxLiteTest
import Testing

/// A model as an app writes it: `@Observable`, changed from virtual-time actions (`@unchecked Sendable` because
/// the test scheduler runs everything on the test's thread).
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class CounterModel: @unchecked Sendable {
    var count = 0
    var title = "start"
    var untouched = 0
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor @Observable final class ScreenModel {
    var books: [String] = []
}

@Suite(.checksResources) struct ObservationBridgeTests {
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func emitsTheCurrentValueAtOnceThenEachChangeOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = CounterModel()
        _ = scheduler.scheduleAt(210) { model.count = 1 }
        _ = scheduler.scheduleAt(220) { model.count = 2 }
        let result = scheduler.start { RxLite.Observable.observe(on: scheduler) { model.count } }
        // The first value at subscription (200); each change is read again one tick after it was made.
        #expect(result.events == [.next(200, 0), .next(211, 1), .next(221, 2)])
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func changesBeforeTheReadComeOutAsOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = CounterModel()
        _ = scheduler.scheduleAt(210) {
            model.count = 1
            model.count = 2
            model.count = 3
        }
        let result = scheduler.start { RxLite.Observable.observe(on: scheduler) { model.count } }
        #expect(result.events == [.next(200, 0), .next(211, 3)])
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func tracksWhatTheLatestReadRead() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = CounterModel()
        _ = scheduler.scheduleAt(210) { model.untouched = 1 }
        _ = scheduler.scheduleAt(220) { model.title = "next" }
        _ = scheduler.scheduleAt(230) { model.count = 5 }
        let result = scheduler.start {
            RxLite.Observable.observe(on: scheduler) { "\(model.title) \(model.count)" }
        }
        #expect(result.events == [.next(200, "start 0"), .next(221, "next 0"), .next(231, "next 5")])
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func disposingStopsReadingAndLeavesNothingBehind() {
        let scheduler = TestScheduler(initialClock: 0)
        let model = CounterModel()
        _ = scheduler.scheduleAt(210) { model.count = 1 }
        _ = scheduler.scheduleAt(260) { model.count = 2 }
        _ = scheduler.scheduleAt(270) { model.count = 3 }
        let result = scheduler.start(disposed: 250) { RxLite.Observable.observe(on: scheduler) { model.count } }
        #expect(result.events == [.next(200, 0), .next(211, 1)])
        #expect(scheduler.pendingCount == 0)
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func theWeakFormCompletesWhenTheObjectIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: CounterModel? = CounterModel()
        weak let weakModel = model
        let observed = RxLite.Observable.observe(model!, on: scheduler) { $0.count }
        _ = scheduler.scheduleAt(210) { model?.count = 7 }
        _ = scheduler.scheduleAt(300) { model = nil }
        let result = scheduler.start { observed }
        #expect(weakModel == nil)
        #expect(result.events == [.next(200, 0), .next(211, 7), .completed(301)])
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func theWeakFormCompletesAtOnceForAnObjectAlreadyGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var model: CounterModel? = CounterModel()
        let observed = RxLite.Observable.observe(model!, on: scheduler) { $0.count }
        model = nil
        let result = scheduler.start { observed }
        #expect(result.events == [.completed(200)])
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func aReadOfNothingObservableEmitsOnceAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let result = scheduler.start { Observable.observe(on: scheduler) { 42 } }
        #expect(result.events == [.next(200, 42), .completed(201)])
    }

    @MainActor
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func theMainActorFormDeliversChangesOnTheMainActor() async {
        let model = ScreenModel()
        var seen: [[String]] = []
        var changed: CheckedContinuation<Void, Never>?
        let subscription = RxLite.Observable.observe { model.books }
            .subscribe(onNext: { books in
                seen.append(books)
                changed?.resume()
                changed = nil
            })
        #expect(seen == [[]])
        await withCheckedContinuation { continuation in
            changed = continuation
            model.books = ["Dune"]
        }
        #expect(seen == [[], ["Dune"]])
        subscription.dispose()
    }

    @MainActor
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @Test func bindToSetsAnObservableProperty() {
        let model = ScreenModel()
        let results = PublishSubject<[String]>()
        let changes = RxAtomic<Int>(0)
        withObservationTracking {
            _ = model.books
        } onChange: {
            changes.add(1, ordering: .relaxed)
        }
        let binding = results.bind(to: model, \.books)
        results.onNext(["Dune"])
        #expect(model.books == ["Dune"])
        #expect(changes.load(ordering: .relaxed) == 1)
        results.onNext(["Dune", "Emma"])
        #expect(model.books == ["Dune", "Emma"])
        binding.dispose()
        results.onNext([])
        #expect(model.books == ["Dune", "Emma"])
    }
}
