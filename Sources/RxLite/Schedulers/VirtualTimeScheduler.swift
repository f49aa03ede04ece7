import Foundation

/// How a ``VirtualTimeScheduler`` maps its own clock to real dates and intervals.
public protocol VirtualTimeConverterType: Sendable {
    /// The type of a point on the virtual clock.
    associatedtype VirtualTimeUnit
    /// The type of a span of virtual time.
    associatedtype VirtualTimeIntervalUnit

    /// The date a virtual time stands for.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// The virtual time a date stands for.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// The seconds a virtual interval stands for.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// The virtual interval that stands for `timeInterval` seconds.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// How two virtual times compare.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The order of two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The left one is earlier.
    case lessThan
    /// Both are the same time.
    case equal
    /// The left one is later.
    case greaterThan
}

/// A scheduler whose clock moves only when it runs its actions: ``start()`` runs every scheduled action in time
/// order, setting the clock to each action's time; ``advanceTo(_:)`` runs those due until a time. Nothing waits
/// for real time. ``HistoricalScheduler`` is one over `Date`s; RxLiteTest's `TestScheduler` runs on one whose clock
/// counts ticks.
///
/// **Order.** Actions run by due time; actions due at the same time run in the order they were scheduled. An
/// action scheduled for a time that has passed runs at the current clock, before the actions due later (the queue
/// is ordered by the time asked for, as in RxSwift). The queue is a binary heap (`VirtualTimeQueue`): scheduling
/// and cancelling are O(log n).
///
/// **Cancelling.** Disposing what a `schedule` call returned takes a pending action out of the queue at once and
/// releases its closure; disposing it after the action ran disposes what the action returned.
///
/// **Running.** ``start()`` does nothing while the scheduler runs (called from an action, say); ``advanceTo(_:)``
/// traps then, and traps when asked to go back in time, as does ``sleep(_:)``. ``stop()`` ends a run after the
/// action running; a stopped ``advanceTo(_:)`` leaves the clock at the last action it ran. Meant to be driven from
/// one thread; actions may be scheduled and cancelled from any thread, and run outside the scheduler's lock.
///
/// Not `open`, unlike RxSwift's: a scheduler must be `Sendable`, a class that can be subclassed can only be so
/// unchecked, and that unchecked conformance would pass to every subclass, whatever state it adds. Its
/// `@unchecked Sendable` is true of this class (its mutable state is behind a lock, in `state`) and of
/// ``HistoricalScheduler``, its one subclass, which adds nothing.
public class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
    /// A point on the virtual clock.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// A span of virtual time.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private let converter: Converter
    /// What ``adjustScheduledTime(_:)`` does to the time a relative schedule asks for, given the clock; `nil` keeps
    /// the time. RxLiteTest's `TestScheduler` sets it for its processing delay.
    private let adjustment: (@Sendable (_ time: VirtualTime, _ clock: VirtualTime) -> VirtualTime)?
    /// The clock, the pending actions, the next item's sequence number, and whether a run is on; also guards the
    /// items' `action`, `status`, `result` and `queueIndex`.
    private let state: Locked<State>

    /// What the scheduler's lock guards.
    private struct State {
        var clock: VirtualTime
        var queue: VirtualTimeQueue<Item>
        var nextSequence = 0
        var running = false

        /// Queues `action` at `time`, after the actions already queued for that time.
        mutating func insert(
            time: VirtualTime, scheduler: VirtualTimeScheduler, action: @escaping () -> any Disposable
        ) -> Item {
            let item = Item(time: time, sequence: nextSequence, scheduler: scheduler, action: action)
            nextSequence += 1
            queue.insert(item)
            return item
        }
    }

    /// A scheduler whose clock starts at `initialClock`.
    public convenience init(initialClock: VirtualTime, converter: Converter) {
        self.init(initialClock: initialClock, converter: converter, adjustScheduledTime: nil)
    }

    /// A scheduler whose relative schedules are queued at `adjustScheduledTime(time, clock)` instead of the `time`
    /// they ask for.
    package init(
        initialClock: VirtualTime, converter: Converter,
        adjustScheduledTime: (@Sendable (_ time: VirtualTime, _ clock: VirtualTime) -> VirtualTime)?
    ) {
        self.converter = converter
        adjustment = adjustScheduledTime
        state = Locked(State(clock: initialClock, queue: VirtualTimeQueue(compare: converter.compareVirtualTime)))
    }

    deinit {
        // A pending action may hold a subscription whose disposable holds the action's item again (a cold test
        // observable's events, a periodic tick); releasing the actions breaks those cycles.
        for item in state.withLock({ $0.queue.removeAll() }) {
            item.status = .disposed
            item.action = nil
        }
    }

    /// The virtual clock.
    public var clock: VirtualTime { state.withLock { $0.clock } }

    /// The clock as a date.
    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// Whether ``start()`` or ``advanceTo(_:)`` is running actions.
    public var isEnabled: Bool { state.withLock { $0.running } }

    /// How many actions wait to run; cancelled ones are not counted (they leave the queue at once).
    package var pendingCount: Int { state.withLock { $0.queue.count } }

    /// Runs `action` at the current virtual time (moved by ``adjustScheduledTime(_:)``), after what is already due
    /// then.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        self.state.withLock { $0.insert(time: adjusted($0.clock, clock: $0.clock), scheduler: self) { action(state) } }
    }

    /// Runs `action` `dueTime` after the current virtual time (moved by ``adjustScheduledTime(_:)``); never for
    /// `.never`.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        if case .never = dueTime { return Disposables.create() }
        return scheduleRelativeVirtual(
            state, dueTime: converter.convertToVirtualTimeInterval(dueTime.timeInterval), adjusted: true,
            action: action)
    }

    /// Runs `action` `dueTime` (virtual) after the current virtual time.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleRelativeVirtual(state, dueTime: dueTime, adjusted: false, action: action)
    }

    /// Runs `action` `dueTime` (virtual) after the current virtual time, moved by ``adjustScheduledTime(_:)`` when
    /// `adjusted`.
    package func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, adjusted: Bool,
        action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        self.state.withLock {
            let time = converter.offsetVirtualTime($0.clock, offset: dueTime)
            return $0.insert(time: adjusted ? self.adjusted(time, clock: $0.clock) : time, scheduler: self) {
                action(state)
            }
        }
    }

    /// Runs `action` at virtual time `time` (at the current clock, ahead of later actions, if `time` has passed).
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        self.state.withLock { $0.insert(time: time, scheduler: self) { action(state) } }
    }

    /// The time an action scheduled relative to now for `time` is queued at: `time` itself, except on a scheduler
    /// that moves such times (RxLiteTest's `TestScheduler` moves times that are not in the future to the next tick).
    public func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        state.withLock { adjusted(time, clock: $0.clock) }
    }

    /// `time` moved by the adjustment, for a scheduler whose clock reads `clock`.
    private func adjusted(_ time: VirtualTime, clock: VirtualTime) -> VirtualTime {
        adjustment?(time, clock) ?? time
    }

    /// Runs every scheduled action, including ones scheduled meanwhile, in time order, until none is left or
    /// ``stop()`` is called. The clock stays at the time of the last action run. Does nothing while the scheduler
    /// is running already.
    public func start() {
        let began = state.withLock { state -> Bool in
            if state.running { return false }
            state.running = true
            return true
        }
        guard began else { return }
        runActions(until: nil)
        state.withLock { $0.running = false }
    }

    /// Stops a running ``start()`` or ``advanceTo(_:)`` after the action running.
    public func stop() {
        state.withLock { $0.running = false }
    }

    /// Runs the actions due until `virtualTime`, then sets the clock to it (unless ``stop()`` ended the run first).
    /// Traps when the scheduler is running already or `virtualTime` is before the clock.
    public func advanceTo(_ virtualTime: VirtualTime) {
        state.withLock { state in
            precondition(
                !state.running, "\(type(of: self)).advanceTo(\(virtualTime)) called while the scheduler is running")
            precondition(
                converter.compareVirtualTime(virtualTime, state.clock) != .lessThan,
                "\(type(of: self)) cannot go back in time from \(state.clock) to \(virtualTime)")
            state.running = true
        }
        let finished = runActions(until: virtualTime)
        state.withLock { state in
            if finished { state.clock = virtualTime }
            state.running = false
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything; the actions skipped run on the next
    /// run, at the new clock. Traps when that would move the clock back.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        state.withLock { state in
            let time = converter.offsetVirtualTime(state.clock, offset: virtualInterval)
            precondition(
                converter.compareVirtualTime(time, state.clock) != .lessThan,
                "\(type(of: self)) cannot sleep back in time from \(state.clock) to \(time)")
            state.clock = time
        }
    }

    /// Runs the queued actions due by `limit` (all when `nil`) one at a time, outside the lock, moving the clock to
    /// each one's time; returns `false` when ``stop()`` ended the run, `true` when nothing due is left.
    @discardableResult
    private func runActions(until limit: VirtualTime?) -> Bool {
        while true {
            let step = state.withLock { state -> RunStep in
                guard state.running else { return .stopped }
                guard let next = state.queue.first,
                    limit.map({ converter.compareVirtualTime(next.time, $0) != .greaterThan }) ?? true
                else { return .drained }
                _ = state.queue.removeFirst()
                if converter.compareVirtualTime(state.clock, next.time) == .lessThan { state.clock = next.time }
                defer { next.action = nil }
                next.status = .running
                return .run(next, next.action)
            }
            let next: Item
            let action: () -> any Disposable
            switch step {
            case .stopped: return false
            case .drained: return true
            case .run(_, nil): continue
            case .run(let item, let itemAction?): (next, action) = (item, itemAction)
            }

            HeldLocks.checkNoneHeld("a scheduled action")
            let result = action()

            // Disposed while it ran: what it returned is disposed now, outside the lock.
            let late = state.withLock { _ -> (any Disposable)? in
                if next.status == .disposed { return result }
                next.status = .finished
                next.result = result
                return nil
            }
            late?.dispose()
        }
    }

    /// What ``runActions(until:)`` does after looking at the queue.
    private enum RunStep {
        /// ``stop()`` ended the run.
        case stopped
        /// Nothing due is left.
        case drained
        /// Run this item's action (`nil`: it was cancelled as it was taken out).
        case run(Item, (() -> any Disposable)?)
    }

    /// Cancels `item`: takes it out of the queue while pending; hands back what its action returned once it ran.
    /// What it gives up (the closure, the result) is released or disposed by the caller, outside the lock: releasing
    /// a closure can end a subscription, which can cancel other items.
    fileprivate func cancel(_ item: Item) -> (action: (() -> any Disposable)?, result: (any Disposable)?) {
        state.withLock { state in
            switch item.status {
            case .pending:
                item.status = .disposed
                state.queue.remove(item)
                defer { item.action = nil }
                return (item.action, nil)
            case .running:
                item.status = .disposed
                return (nil, nil)
            case .finished:
                item.status = .disposed
                defer { item.result = nil }
                return (nil, item.result)
            case .disposed:
                return (nil, nil)
            }
        }
    }

    /// One scheduled action, and the disposable that cancels it.
    fileprivate final class Item: VirtualTimeQueueItem, Disposable, @unchecked Sendable {
        // @unchecked: `action`, `status`, `result` and `queueIndex` are guarded by the scheduler's lock; the rest
        // are constants.
        enum Status {
            /// Queued.
            case pending
            /// Taken out of the queue, its action running.
            case running
            /// Its action ran and returned `result`.
            case finished
            /// Cancelled (before, during or after its run).
            case disposed
        }

        let time: VirtualTime
        let sequence: Int
        var queueIndex = -1
        /// Weak: a scheduler that is gone can run nothing, so there is nothing to cancel.
        private weak var scheduler: VirtualTimeScheduler?
        var action: (() -> any Disposable)?
        var status = Status.pending
        var result: (any Disposable)?

        init(
            time: VirtualTime, sequence: Int, scheduler: VirtualTimeScheduler, action: @escaping () -> any Disposable
        ) {
            self.time = time
            self.sequence = sequence
            self.scheduler = scheduler
            self.action = action
        }

        func dispose() {
            // The cancelled action is released when `cancelled` goes, outside the lock.
            guard let cancelled = scheduler?.cancel(self) else { return }
            cancelled.result?.dispose()
        }
    }
}

/// The converter of ``HistoricalScheduler``: virtual time is a `Date`, a virtual interval is seconds.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType {
    public typealias VirtualTimeUnit = RxTime
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// The converter.
    public init() {}

    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
    public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval {
        virtualTimeInterval
    }
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime { time.addingTimeInterval(offset) }
    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }
}

/// A virtual-time scheduler over dates: replays a history (timestamps from a log, say) at full speed.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
    // @unchecked: restated as Swift requires; this class adds no stored property to what its superclass guards.
    /// A scheduler whose clock starts at `initialClock` (1970 by default).
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter(), adjustScheduledTime: nil)
    }
}

extension VirtualTimeScheduler: CustomDebugStringConvertible {
    /// The scheduler and its clock, for debugging.
    public var debugDescription: String { "VirtualTimeScheduler(clock: \(clock))" }
}
