import Foundation

/// How early a timer may fire and still count as on time.
///
/// Scheduler clocks are `Date`s, whose precision near today is about 0.1 µs, so a deadline computed as
/// `arrival + dueTime` and a timer that fired exactly `dueTime` later can differ by a few ulps. Treating a deadline
/// that is less than a microsecond away as reached keeps such a timer from re-arming for "no time at all".
@usableFromInline
let timerTolerance: TimeInterval = 1e-6

extension Date {
    /// `true` when `deadline` is now or past (within ``timerTolerance``).
    @inlinable
    package func hasReached(_ deadline: Date) -> Bool {
        timeIntervalSince(deadline) >= -timerTolerance
    }
}

/// `seconds` as a scheduler interval, rounded up to whole nanoseconds; infinite spans become `.never`.
@usableFromInline
package func rxTimeInterval(seconds: TimeInterval) -> RxTimeInterval {
    guard seconds.isFinite else { return .never }
    let nanoseconds = (seconds * 1_000_000_000).rounded(.up)
    guard nanoseconds < Double(Int.max / 2) else { return .never }
    return .nanoseconds(max(0, Int(nanoseconds)))
}

/// The sink shared by the single-upstream time operators (`throttle`, `debounce`, ...): a ``SerializedEmitter``
/// (the upstream and the timer may emit from different threads) plus one timer slot.
///
/// Each operator keeps its pure state machine under `lock` and overrides ``timerFired()``.
///
/// Invariants:
/// - At most one timer is outstanding; `timer` holds the handle of the newest one (`timerGeneration` keeps a handle
///   stored late, after its timer already fired and armed a newer one, from replacing the newer handle).
/// - After `dispose()` (`isDisposed`) no timer is kept: a handle that arrives later is disposed at once.
@usableFromInline
class TimedEmitter<Output, Scheduler: SchedulerType>: SerializedEmitter<Output>, Disposable, @unchecked Sendable {
    @usableFromInline
    let scheduler: Scheduler
    @usableFromInline
    let lifetime: Lifetime
    // Guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var timer: (any Disposable)?
    @usableFromInline
    @exclusivity(unchecked) var timerGeneration: UInt64 = 0
    @usableFromInline
    @exclusivity(unchecked) var isDisposed = false

    @usableFromInline
    init(scheduler: Scheduler, lifetime: Lifetime, sink: @escaping EventSink<Output>) {
        self.scheduler = scheduler
        self.lifetime = lifetime
        super.init(sink: sink)
    }

    /// Schedules ``timerFired()`` after `seconds`. Call without holding `lock`.
    @usableFromInline
    final func armTimer(after seconds: TimeInterval) {
        lock.lock()
        if isDisposed {
            lock.unlock()
            return
        }
        timerGeneration &+= 1
        let generation = timerGeneration
        lock.unlock()
        let handle = scheduler.scheduleRelative(self, dueTime: rxTimeInterval(seconds: seconds)) { emitter in
            emitter.timerFired()
            return Disposables.create()
        }
        lock.lock()
        if isDisposed {
            lock.unlock()
            handle.dispose()
            return
        }
        if generation == timerGeneration { timer = handle }
        lock.unlock()
    }

    /// Called on the scheduler when the armed timer fires. Subclasses override it.
    @usableFromInline
    func timerFired() {}

    /// Cancels the outstanding timer; part of the subscription's lifetime.
    @usableFromInline
    func dispose() {
        lock.lock()
        isDisposed = true
        let timer = self.timer
        self.timer = nil
        lock.unlock()
        timer?.dispose()
    }

    /// Performs `step`. Call with the lock held; returns with it released.
    @inlinable
    final func performLocked(_ step: TimedStep<Output>) {
        switch step {
        case .none:
            lock.unlock()
        case .emit(let element):
            emitLocked(.next(element))
        case .emitAndComplete(let element):
            emitLocked(.next(element))
            lock.lock()
            emitLocked(.completed)
        case .complete:
            emitLocked(.completed)
        case .armTimer(let seconds):
            lock.unlock()
            armTimer(after: seconds)
        }
    }
}

/// The sink of the time operators whose logic is a ``TimedStateMachine`` (`debounce`, `throttle`): runs the
/// machine under the lock and performs its steps outside it.
@usableFromInline
final class TimedMachineSink<Machine: TimedStateMachine, Scheduler: SchedulerType>:
    TimedEmitter<Machine.Element, Scheduler>, @unchecked Sendable
{
    // Guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var machine: Machine

    @inlinable
    init(machine: Machine, scheduler: Scheduler, lifetime: Lifetime, sink: @escaping EventSink<Machine.Element>) {
        self.machine = machine
        super.init(scheduler: scheduler, lifetime: lifetime, sink: sink)
    }

    @inlinable
    func on(_ event: Event<Machine.Element>) {
        switch event {
        case .next(let element):
            let now = scheduler.now
            lock.lock()
            performLocked(machine.next(element, now: now))
        case .error(let error):
            lock.lock()
            if machine.failed() { emitLocked(.error(error)) } else { lock.unlock() }
        case .completed:
            lock.lock()
            performLocked(machine.completed())
        }
    }

    @usableFromInline
    override func timerFired() {
        guard lifetime.isActive else { return }
        let now = scheduler.now
        lock.lock()
        performLocked(machine.timerFired(now: now))
    }
}
