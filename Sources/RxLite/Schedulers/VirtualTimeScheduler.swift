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
/// for real time. ``HistoricalScheduler`` is one over `Date`s; RxLiteTest's `TestScheduler` is the one for tests.
///
/// Actions due at the same time run in the order they were scheduled. Meant to be driven from one thread.
///
/// Not `open`, unlike RxSwift's: a scheduler must be `Sendable`, a class that can be subclassed can only be so
/// unchecked, and that unchecked conformance would pass to every subclass, whatever state it adds. Its
/// `@unchecked Sendable` is true of this class (every mutable stored property is guarded by `lock`) and of
/// ``HistoricalScheduler``, its one subclass, which adds nothing.
public class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
    /// A point on the virtual clock.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// A span of virtual time.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    /// One scheduled action. `run` is guarded by the scheduler's lock, which `dispose()` (called from any thread)
    /// takes too; the driving thread takes the action out under it and runs it outside.
    private final class Item: Disposable, @unchecked Sendable {
        let time: VirtualTime
        let order: Int
        let lock: CheckedNSRecursiveLock
        var run: (() -> Void)?
        init(time: VirtualTime, order: Int, lock: CheckedNSRecursiveLock, run: @escaping () -> Void) {
            self.time = time
            self.order = order
            self.lock = lock
            self.run = run
        }
        func dispose() {
            let run = lock.withLock { () -> (() -> Void)? in
                defer { self.run = nil }
                return self.run
            }
            // The action (and what it captures) is released outside the lock.
            _ = run
        }
    }

    private let converter: Converter
    private let lock = CheckedNSRecursiveLock()
    // Guarded by `lock`: the clock, the pending actions sorted by time then order, and whether `start` runs.
    private var currentClock: VirtualTime
    private var queue: [Item] = []
    private var nextOrder = 0
    private var running = false

    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        currentClock = initialClock
        self.converter = converter
    }

    /// The virtual clock.
    public var clock: VirtualTime { lock.withLock { currentClock } }

    /// The clock as a date.
    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// Whether ``start()`` is running actions.
    public var isEnabled: Bool { lock.withLock { running } }

    /// Runs `action` at the current virtual time, after what is already due then.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> any Disposable)
        -> any Disposable
    {
        scheduleAbsoluteVirtual(state, time: clock, action: action)
    }

    /// Runs `action` `dueTime` after the current virtual time.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleRelativeVirtual(
            state, dueTime: converter.convertToVirtualTimeInterval(dueTime.timeInterval), action: action)
    }

    /// Runs `action` `dueTime` (virtual) after the current virtual time.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Runs `action` at virtual time `time` (at once, in clock order, if that time has passed).
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        let result = SingleAssignmentDisposable()
        lock.lock()
        let item = Item(time: adjustScheduledTime(time), order: nextOrder, lock: lock) {
            result.setDisposable(action(state))
        }
        nextOrder += 1
        let index =
            queue.firstIndex { converter.compareVirtualTime($0.time, item.time) == .greaterThan } ?? queue.count
        queue.insert(item, at: index)
        lock.unlock()
        return Disposables.create(with: {
            item.dispose()
            result.dispose()
        })
    }

    /// The time an action asked for `time` is queued at.
    public func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs every scheduled action, including ones scheduled meanwhile, in time order, until none is left or
    /// ``stop()`` is called.
    public func start() {
        lock.withLock { running = true }
        while let run = takeNext(until: nil) {
            HeldLocks.checkNoneHeld("a scheduled action")
            run()
        }
        lock.withLock { running = false }
    }

    /// Stops ``start()`` after the running action.
    public func stop() {
        lock.withLock { running = false }
    }

    /// Runs the actions due until `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: VirtualTime) {
        lock.withLock { running = true }
        while let run = takeNext(until: virtualTime) {
            HeldLocks.checkNoneHeld("a scheduled action")
            run()
        }
        lock.withLock {
            running = false
            if converter.compareVirtualTime(currentClock, virtualTime) == .lessThan { currentClock = virtualTime }
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        lock.withLock { currentClock = converter.offsetVirtualTime(currentClock, offset: virtualInterval) }
    }

    /// Removes the next live action due by `limit` (any time when `nil`), moving the clock to it, and returns what
    /// it runs (taken out of the item, so a later `dispose()` of it finds nothing).
    private func takeNext(until limit: VirtualTime?) -> (() -> Void)? {
        lock.withLock {
            while running, !queue.isEmpty {
                let item = queue[0]
                if let limit, converter.compareVirtualTime(item.time, limit) == .greaterThan { return nil }
                queue.removeFirst()
                guard let run = item.run else { continue }
                item.run = nil
                if converter.compareVirtualTime(currentClock, item.time) == .lessThan { currentClock = item.time }
                return run
            }
            return nil
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
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
