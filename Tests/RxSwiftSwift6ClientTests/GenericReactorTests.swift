// A Swift 6 language-mode library written for RxSwift, as an architecture library that moved to Swift 6 has it:
// a reactor generic over its action and state, neither of them `Sendable`, that hops with `observe(on:)` and
// `subscribe(on:)`, folds with `scan`, shares with `share(replay:)` and `replay(1)`, and hands the UI a `Driver`.
// RxSwift has no `Sendable` requirement, so this compiles against it. Against RxLite each call whose element RxLite
// cannot check compiles with a deprecation warning (DifferencesFromRxSwift: "What is checked and what only warns"),
// which is why this is the one target whose deprecation warnings are not errors (Package.swift, .ci/run). It
// imports only RxSwift's module names, and nothing with `@preconcurrency`.
import RxCocoa
import RxRelay
import RxSwift
import RxTest
import Testing

/// The shape of a reactor in such a library: an action comes in, `mutate` turns it into mutations, and `reduce`
/// folds each mutation into the state. Nothing here is `Sendable`.
protocol GenericReactor: AnyObject {
    associatedtype Action
    associatedtype Mutation
    associatedtype State

    var initialState: State { get }
    func mutate(_ action: Action) -> Observable<Mutation>
    func reduce(_ state: State, _ mutation: Mutation) -> State
}

/// What the library builds from a reactor, generic as the library's core function is: the action input, the state
/// stream (replaying the latest) and the state as a Driver.
final class ReactorStore<Reactor: GenericReactor> {
    let action = PublishSubject<Reactor.Action>()
    let state: Observable<Reactor.State>
    private let reactor: Reactor
    private let bag = DisposeBag()

    init(_ reactor: Reactor, scheduler: some SchedulerType) {
        self.reactor = reactor
        let states =
            action
            .observe(on: scheduler)
            .flatMap { [unowned reactor] action in reactor.mutate(action) }
            .scan(reactor.initialState) { [unowned reactor] state, mutation in reactor.reduce(state, mutation) }
            .startWith(reactor.initialState)
            .replay(1)
        states.connect().disposed(by: bag)
        state = states.asObservable()
    }

    /// The state as the UI takes it.
    func stateDriver(fallback: Reactor.State) -> Driver<Reactor.State> {
        state.asDriver(onErrorJustReturn: fallback)
    }
}

/// A reactor whose action and state are classes with mutable fields, so not `Sendable`.
final class CounterReactor: GenericReactor {
    final class Action {
        var step: Int
        init(step: Int) { self.step = step }
    }

    final class State {
        var total: Int
        var steps: [Int]
        init(total: Int, steps: [Int]) {
            self.total = total
            self.steps = steps
        }
    }

    private let scheduler: any SchedulerType

    init(scheduler: any SchedulerType) { self.scheduler = scheduler }

    var initialState: State { State(total: 0, steps: []) }

    func mutate(_ action: Action) -> Observable<Action> {
        Observable.just(action).subscribe(on: scheduler).delay(.seconds(5), scheduler: scheduler)
    }

    func reduce(_ state: State, _ mutation: Action) -> State {
        State(total: state.total + mutation.step, steps: state.steps + [mutation.step])
    }
}

/// A non-`Sendable` element for the generic helpers.
final class Reading {
    var value: Int
    init(_ value: Int) { self.value = value }
}

/// Helpers a library adds on top, written as RxSwift code is: generic, with no `Sendable` anywhere.
extension ObservableType {
    func settled(for dueTime: RxTimeInterval, on scheduler: some SchedulerType) -> Observable<Element> {
        debounce(dueTime, scheduler: scheduler)
    }

    func firstPerWindow(of dueTime: RxTimeInterval, on scheduler: some SchedulerType) -> Observable<Element> {
        throttle(dueTime, latest: false, scheduler: scheduler)
    }

    func sharedLatest() -> Observable<Element> {
        share(replay: 1, scope: .whileConnected)
    }
}

/// A nonisolated class that binds a Driver and a Signal, as a coordinator in a library written for RxSwift does, its
/// closures capturing the non-`Sendable` class itself. `drive` and `emit` take the caller's isolation, as
/// `subscribe` does, so this compiles with no diagnostic, as against RxSwift; a run-time check stops a call made off
/// the main thread, as RxCocoa's does.
final class NonisolatedPresenter<State> {
    private let bag = DisposeBag()
    private(set) var shown: [State] = []
    private(set) var taps = 0

    func present(_ states: Driver<State>, taps: Signal<Void>) {
        states.drive(onNext: { [unowned self] in shown.append($0) }).disposed(by: bag)
        taps.emit(onNext: { [unowned self] in self.taps += 1 }).disposed(by: bag)
    }
}

@Suite(.checksResources) struct GenericReactorTests {
    @Test func theReactorFoldsActionsIntoStateOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = ReactorStore(CounterReactor(scheduler: scheduler), scheduler: scheduler)
        let totals = scheduler.createObserver(Int.self)
        let subscription = store.state.map { $0.total }.subscribe(totals)
        _ = scheduler.scheduleAt(100) { store.action.onNext(.init(step: 2)) }
        _ = scheduler.scheduleAt(200) { store.action.onNext(.init(step: 3)) }
        scheduler.start()
        // observe(on:) and subscribe(on:) each take a tick of the test scheduler, delay five.
        #expect(totals.events == [.next(0, 0), .next(107, 2), .next(207, 5)])
        subscription.dispose()
    }

    @Test func aLateSubscriberGetsTheReplayedState() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = ReactorStore(CounterReactor(scheduler: scheduler), scheduler: scheduler)
        let first = store.state.subscribe()
        _ = scheduler.scheduleAt(100) { store.action.onNext(.init(step: 4)) }
        scheduler.start()
        var steps: [[Int]] = []
        let late = store.state.subscribe(onNext: { steps.append($0.steps) })
        #expect(steps == [[4]])
        first.dispose()
        late.dispose()
    }

    @MainActor
    @Test func theStateDrivesTheUI() {
        let scheduler = TestScheduler(initialClock: 0)
        var shown: [String] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let store = ReactorStore(CounterReactor(scheduler: scheduler), scheduler: scheduler)
            let title = store.stateDriver(fallback: CounterReactor.State(total: -1, steps: []))
                .debounce(.seconds(2))
                .map { "total \($0.total)" }
            let binding = title.drive(onNext: { shown.append($0) })
            _ = scheduler.scheduleAt(100) { store.action.onNext(.init(step: 1)) }
            _ = scheduler.scheduleAt(101) { store.action.onNext(.init(step: 1)) }
            scheduler.start()
            binding.dispose()
        }
        // The two actions land 107 and 108, inside one debounce window: only the second total shows.
        #expect(shown == ["total 0", "total 2"])
    }

    @Test func debounceThrottleAndShareTakeAnyElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let readings = scheduler.createHotObservable(
            "^-a-b------c|", values: ["a": Reading(1), "b": Reading(2), "c": Reading(3)])
        let settled = scheduler.start { readings.settled(for: .seconds(30), on: scheduler).map { $0.value } }
        // `a` is superseded within the window; completion sends the waiting `c` at once.
        #expect(settled.events == [.next(260, 2), .next(310, 3), .completed(310)])

        let secondScheduler = TestScheduler(initialClock: 0)
        let taps = secondScheduler.createHotObservable(
            "^-a-b-c------d|", values: ["a": Reading(1), "b": Reading(2), "c": Reading(3), "d": Reading(4)])
        let first = secondScheduler.start {
            taps.firstPerWindow(of: .seconds(50), on: secondScheduler).map { $0.value }
        }
        // `a` opens a window to 260 that drops `b` and `c`.
        #expect(first.events == [.next(210, 1), .next(320, 4), .completed(330)])
    }

    @Test func shareRunsTheSourceOnceAndReplaysTheLatest() {
        var subscriptions = 0
        let readings = PublishSubject<Reading>()
        let shared = Observable.deferred {
            subscriptions += 1
            return readings.asObservable()
        }.sharedLatest()
        var seen: [Int] = []
        let one = shared.subscribe(onNext: { seen.append($0.value) })
        readings.onNext(Reading(7))
        let two = shared.subscribe(onNext: { seen.append($0.value * 10) })
        readings.onNext(Reading(8))
        #expect(subscriptions == 1)
        #expect(seen == [7, 70, 8, 80])
        one.dispose()
        two.dispose()
    }

    @Test func singleHopsAndWaitsWithAnyElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let result = scheduler.start {
            Single.just(Reading(5))
                .subscribe(on: scheduler)
                .delay(.seconds(10), scheduler: scheduler)
                .observe(on: scheduler)
                .map { $0.value }
                .asObservable()
        }
        // subscribe(on:) takes a tick, delay ten, observe(on:) a tick per event on a test scheduler (as in RxSwift).
        #expect(result.events == [.next(212, 5), .completed(213)])
    }

    @MainActor
    @Test func relaysOfAnyElementBecomeDriversAndSignals() {
        let scheduler = TestScheduler(initialClock: 0)
        var values: [Int] = []
        var events: [Int] = []
        SharingScheduler.mock(scheduler: scheduler) {
            let state = BehaviorRelay(value: Reading(1))
            let taps = PublishRelay<Reading>()
            let bag = DisposeBag()
            state.asDriver().drive(onNext: { values.append($0.value) }).disposed(by: bag)
            taps.asSignal().emit(onNext: { events.append($0.value) }).disposed(by: bag)
            scheduler.start()
            state.accept(Reading(2))
            taps.accept(Reading(3))
            scheduler.start()
        }
        #expect(values == [1, 2])
        #expect(events == [3])
    }

    @Test func anyAsyncWorkBecomesAnObservableOrASingle() async throws {
        let stream = AsyncStream<Reading> { continuation in
            continuation.yield(Reading(1))
            continuation.yield(Reading(2))
            continuation.finish()
        }
        var seen: [Int] = []
        for try await readings in stream.asObservable().toArray().asObservable().values {
            seen += readings.map(\.value)
        }
        let made = try await Single.create(detached: true, work: { Reading(3) }).value
        seen.append(made.value)
        #expect(seen == [1, 2, 3])
    }

    @MainActor
    @Test func nonisolatedCodeDrivesAndEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let presenter = NonisolatedPresenter<Reading>()
        SharingScheduler.mock(scheduler: scheduler) {
            let state = BehaviorRelay(value: Reading(1))
            let taps = PublishRelay<Void>()
            presenter.present(state.asDriver(), taps: taps.asSignal())
            scheduler.start()
            state.accept(Reading(2))
            taps.accept(())
            scheduler.start()
        }
        #expect(presenter.shown.map(\.value) == [1, 2])
        #expect(presenter.taps == 1)
    }

    @Test func anyElementCanBeAwaited() async throws {
        var seen: [Int] = []
        for try await reading in Observable.of(Reading(1), Reading(2)).values {
            seen.append(reading.value)
        }
        for await reading in Observable.just(Reading(3)).asInfallible(onErrorJustReturn: Reading(0)).values {
            seen.append(reading.value)
        }
        #expect(seen == [1, 2, 3])
        let single = try await Single.just(Reading(4)).value
        let maybe = try await Maybe<Reading>.empty().value
        #expect(single.value == 4)
        #expect(maybe == nil)
    }
}

/// RxSwift 5's names, which RxSwift 6 keeps as deprecated spellings: code written with them still compiles (with
/// the deprecation warnings RxSwift gives) and behaves as the new names.
@Suite(.checksResources) struct DeprecatedSpellingsTests {
    @Test func theOldNamesForwardToTheNewOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(
            "^-a-b-c-d-#", values: ["a": 1, "b": 2, "c": 3, "d": 4], error: RxError.timeout)
        let stop = scheduler.createHotObservable("^--------x", values: ["x": 0])
        let result = scheduler.start {
            source.asObservable()
                .skipWhile { $0 < 2 }
                .takeWhile { $0 < 4 }
                .takeUntil(stop.asObservable())
                .observeOn(scheduler)
                .catchErrorJustReturn(-1)
        }
        #expect(result.events == [.next(231, 2), .next(251, 3), .completed(271)])
    }

    @Test func theOldErrorNamesCatchAndRetry() {
        let scheduler = TestScheduler(initialClock: 0)
        var attempts = 0
        let failing = Observable<Int>.deferred {
            attempts += 1
            return attempts < 3 ? .error(RxError.timeout) : .just(attempts)
        }
        let result = scheduler.start {
            failing.retryWhen { (errors: Observable<RxError>) in errors }
                .catchError { _ in .just(0) }
        }
        #expect(result.events == [.next(200, 3), .completed(200)])
    }
}
