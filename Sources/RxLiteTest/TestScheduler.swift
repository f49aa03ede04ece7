import Foundation
import RxLite

/// A point or a span of virtual time, in ticks of a ``TestScheduler``.
public typealias TestTime = Int

/// How a ``TestScheduler``'s clock maps to dates and intervals: virtual time is ticks (``TestTime``), one tick is
/// `resolution` seconds, and seconds become ticks rounded half up (`Int(seconds / resolution + 0.5)`), as in RxTest.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType {
    public typealias VirtualTimeUnit = TestTime
    public typealias VirtualTimeIntervalUnit = TestTime

    /// Seconds per tick.
    public let resolution: Double

    /// A converter with `resolution` seconds per tick.
    public init(resolution: Double) {
        self.resolution = resolution
    }

    public func convertFromVirtualTime(_ virtualTime: TestTime) -> RxTime {
        Date(timeIntervalSince1970: Double(virtualTime) * resolution)
    }

    public func convertToVirtualTime(_ time: RxTime) -> TestTime {
        ticks(time.timeIntervalSince1970) ?? .max / 4
    }

    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TestTime) -> TimeInterval {
        Double(virtualTimeInterval) * resolution
    }

    /// The ticks `timeInterval` seconds round to; an interval too long to count (`.never`'s infinity) is a time so
    /// far off that no test reaches it.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TestTime {
        ticks(timeInterval) ?? .max / 4
    }

    public func offsetVirtualTime(_ time: TestTime, offset: TestTime) -> TestTime { time + offset }

    public func compareVirtualTime(_ lhs: TestTime, _ rhs: TestTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }

    /// `seconds` in ticks, rounded half up; `nil` for a span too long to represent.
    func ticks(_ seconds: TimeInterval) -> TestTime? {
        let ticks = (seconds / resolution + 0.5).rounded(.down)
        guard ticks.isFinite, abs(ticks) < Double(TestTime.max / 4) else { return nil }
        return TestTime(ticks)
    }
}

/// A scheduler whose clock only moves when a test moves it: the virtual-time scheduler of RxTest.
///
/// It runs on a ``RxLite/VirtualTimeScheduler`` over ticks (see ``TestSchedulerVirtualTimeConverter``), as RxTest's
/// does, adding the processing delay, RxTest's tick rounding, periodic scheduling and ``start(_:)``. Actions are
/// kept in a queue ordered by due time; ``start()`` and ``advanceTo(_:)`` run them in that order, setting ``clock``
/// to each action's time before running it. Nothing waits for real time, so a test of a ten-minute timeout runs in
/// microseconds. Actions due at the same tick run in the order they were scheduled.
///
/// **Time.** One tick is ``resolution`` seconds. A `DispatchTimeInterval` becomes `Int(seconds / resolution + 0.5)`
/// ticks, as in RxTest: `.seconds(3)` is 3 ticks at resolution 1, `.milliseconds(300)` is 3 ticks at resolution
/// 0.1, `.milliseconds(1500)` is 2 ticks at resolution 1 (half rounds up). `.never` never runs. ``now`` is
/// `Date(timeIntervalSince1970: Double(clock) * resolution)`.
///
/// **Processing delay.** With `simulateProcessingDelay` (the default, as in RxTest) an action that
/// `schedule(_:action:)`, `scheduleRelative(_:dueTime:action:)` or a periodic tick would place at a time `<= clock`
/// runs at `clock + 1` instead: scheduled work never runs at the tick that scheduled it. So `schedule` and zero
/// delays run one tick later, and a relative delay of 1 tick lands on the same tick as `schedule`. Without it such
/// an action runs at the current tick, after the actions already due then. The virtual-time entry points
/// (``scheduleAt(_:action:)``, ``scheduleAbsoluteVirtual(_:time:action:)``, ``scheduleRelativeVirtual(_:dueTime:action:)``,
/// and the events of test observables) are never adjusted; an action whose time has already passed runs at the
/// current clock, ahead of actions due later (the queue is ordered by the requested time, as in RxTest).
///
/// **Cancelling.** Disposing what a `schedule` call returned removes a pending action from the queue at once (its
/// closure is released; ``pendingCount`` drops), which RxTest does not do: tests can assert that an operator left
/// no timer behind. Disposing it after the action ran disposes what the action returned.
///
/// **Threads.** All methods may be called from any thread. Actions run on the thread that called ``start()`` or
/// ``advanceTo(_:)``, one at a time; the internal lock is never held while an action runs.
public final class TestScheduler: SchedulerType, Sendable {
    /// The times `start(create:)` uses, as in RxTest: create at 100, subscribe at 200, dispose at 1000.
    public struct Defaults {
        /// When the observable is created: 100.
        public static let created: TestTime = 100
        /// When the observer subscribes: 200.
        public static let subscribed: TestTime = 200
        /// When the subscription is disposed: 1000.
        public static let disposed: TestTime = 1000
        /// Ticks per marble character (one frame): 10, so that 20 frames before `^` reach time 0. Not in RxTest.
        public static let frame: TestTime = 10
    }

    /// Seconds per tick.
    public let resolution: Double
    /// Whether work scheduled for now or the past runs one tick later (see the type's documentation).
    public let simulateProcessingDelay: Bool
    /// The clock, the queue and the run loop.
    private let engine: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>
    private let converter: TestSchedulerVirtualTimeConverter

    /// A scheduler whose clock starts at `initialClock`, with `resolution` seconds per tick.
    ///
    /// `initialClock` defaults to 0 here (RxTest requires it).
    public init(initialClock: TestTime = 0, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        precondition(resolution > 0, "TestScheduler resolution must be positive, got \(resolution)")
        self.resolution = resolution
        self.simulateProcessingDelay = simulateProcessingDelay
        converter = TestSchedulerVirtualTimeConverter(resolution: resolution)
        let delay: TestTime = simulateProcessingDelay ? 1 : 0
        engine = VirtualTimeScheduler(
            initialClock: initialClock, converter: converter,
            adjustScheduledTime: { time, clock in time <= clock ? clock + delay : time })
    }

    /// RxTest's name for a virtual time: a count of ticks.
    public typealias VirtualTime = TestTime

    /// The current virtual time in ticks.
    public var clock: TestTime { engine.clock }

    /// The tick an action scheduled for `time` runs at: `time`, or `clock + 1` when `time` is not in the future and
    /// `simulateProcessingDelay` is on (RxTest's processing delay; the scheduler applies the same rule).
    public func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// The current virtual time as a date: `clock * resolution` seconds after 1970.
    public var now: RxTime { engine.now }

    /// Whether ``start()`` or ``advanceTo(_:)`` is running actions.
    public var isEnabled: Bool { engine.isEnabled }

    /// How many actions are waiting to run. Disposed actions are not counted: after a test, `pendingCount == 0`
    /// proves that no timer was left behind. Not in RxTest.
    public var pendingCount: Int { engine.pendingCount }

    /// `interval` in ticks, rounded as RxTest does; `nil` for `.never` or a span too long to represent.
    func ticks(_ interval: RxTimeInterval) -> TestTime? {
        if case .never = interval { return nil }
        return converter.ticks(interval.timeInterval)
    }

    // MARK: - SchedulerType

    /// Runs `action(state)` at the next tick (at `clock + 1` with `simulateProcessingDelay`, else at `clock`).
    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleRelative(state, dueTime: .nanoseconds(0), action: action)
    }

    /// Runs `action(state)` at `clock + dueTime` in ticks, moved to `clock + 1` when that is not in the future and
    /// `simulateProcessingDelay` is on.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        guard let delay = ticks(dueTime) else { return Disposables.create() }
        return enqueue(relativeTicks: delay) { action(state) }
    }

    /// Runs `action` first after `startAfter`, then every `period` after the previous run, in virtual time.
    ///
    /// Each run is scheduled like `scheduleRelative`, so a zero `startAfter` runs at `clock + 1` with
    /// `simulateProcessingDelay`. As in RxTest, the next run is scheduled before the action runs, at the current
    /// tick plus `period`. A period shorter than one tick repeats every tick; a `.never` period runs once.
    public func schedulePeriodic<StateType>(
        _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> any Disposable {
        guard let start = ticks(startAfter) else { return Disposables.create() }
        let task = TestPeriodicTask(
            scheduler: self, state: state, period: ticks(period).map { max($0, 1) }, action: action)
        task.start(afterTicks: start)
        return task
    }

    // MARK: - Virtual-time scheduling

    /// Runs `action` when the clock reaches `time` (at once on the next run if `time` has passed). Never adjusted
    /// for processing delay. Returns a disposable that cancels it (RxTest returns nothing).
    @discardableResult
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) -> any Disposable {
        scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Runs `action(state)` at virtual `time`, unadjusted.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: TestTime, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        engine.scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Runs `action(state)` at `clock + dueTime` ticks, unadjusted.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: TestTime, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        engine.scheduleRelativeVirtual(state, dueTime: dueTime, action: action)
    }

    // MARK: - Running

    /// Runs every pending action, including those scheduled while running, until the queue is empty or ``stop()``
    /// is called. The clock stays at the time of the last action run. Does nothing when already running (for
    /// example when called from an action).
    public func start() {
        engine.start()
    }

    /// Stops a running ``start()`` or ``advanceTo(_:)`` after the current action.
    public func stop() {
        engine.stop()
    }

    /// Runs every action due at or before `time`, then sets the clock to `time` (unless ``stop()`` ended it
    /// early). Traps when `time` is before ``clock`` or the scheduler is already running.
    public func advanceTo(_ time: TestTime) {
        precondition(!isEnabled, "TestScheduler.advanceTo(\(time)) called while the scheduler is running")
        let clock = clock
        precondition(time >= clock, "TestScheduler cannot go back in time from \(clock) to \(time)")
        engine.advanceTo(time)
    }

    /// Advances the clock by `ticks`, running what falls due (see ``advanceTo(_:)``). Not in RxTest.
    public func advanceBy(_ ticks: TestTime) {
        advanceTo(clock + ticks)
    }

    /// Moves the clock forward by `ticks` without running anything; the skipped actions run on the next run, at
    /// the new clock. Traps on a negative interval.
    public func sleep(_ ticks: TestTime) {
        precondition(ticks >= 0, "TestScheduler cannot sleep a negative interval (\(ticks))")
        engine.sleep(ticks)
    }

    /// Schedules `action` `delay` ticks from now, applying the processing delay.
    func enqueue(relativeTicks delay: TestTime, action: @escaping () -> any Disposable) -> any Disposable {
        engine.scheduleRelativeVirtual((), dueTime: delay, adjusted: true) { _ in action() }
    }
}

/// Drives `schedulePeriodic`: each run schedules the next one, then runs the action.
final class TestPeriodicTask<State>: Disposable, @unchecked Sendable {
    // @unchecked: `pending` and `isDisposed` are guarded by `lock`; `state` is only touched by runs, which the
    // scheduler's run loop performs one at a time.
    private let scheduler: TestScheduler
    private let period: TestTime?
    private let action: (State) -> State
    private var state: State
    private let lock = Lock()
    private var pending: (any Disposable)?
    private var isDisposed = false

    init(scheduler: TestScheduler, state: State, period: TestTime?, action: @escaping (State) -> State) {
        self.scheduler = scheduler
        self.state = state
        self.period = period
        self.action = action
    }

    func start(afterTicks delay: TestTime) {
        schedule(afterTicks: delay)
    }

    private func schedule(afterTicks delay: TestTime) {
        let item = scheduler.enqueue(relativeTicks: delay) { [self] in
            run()
            return Disposables.create()
        }
        let keep = lock.withLock { () -> Bool in
            if isDisposed { return false }
            pending = item
            return true
        }
        if !keep { item.dispose() }
    }

    private func run() {
        if let period { schedule(afterTicks: period) }
        if lock.withLock({ isDisposed }) { return }
        state = action(state)
    }

    func dispose() {
        let item = lock.withLock { () -> (any Disposable)? in
            isDisposed = true
            let item = pending
            pending = nil
            return item
        }
        item?.dispose()
    }
}

extension TestScheduler: VirtualClockScheduling {}
