import Foundation

/// The sink shared by the single-upstream time operators (`throttle`, `debounce`, ...): a ``SerializedEmitter``
/// (the upstream and the timer may emit from different threads) plus one timer, armed through the timer engine
/// (``TimerOwner``) with its ``TimerSlot`` under `lock`.
///
/// Each operator keeps its pure state machine under `lock` and overrides ``timerFired()``. The scheduled timer holds
/// the emitter strongly: the subscription's lifetime owns it, and `dispose()` cancels the timer.
class TimedEmitter<Output, Scheduler: SchedulerType>: SerializedEmitter<Output>, Disposable, TimerOwner,
    @unchecked Sendable
{
    let scheduler: Scheduler
    let lifetime: Lifetime
    // Guarded by `lock`; no event touches it, only arming and disposing.
    private var timerSlot = TimerSlot()

    init(scheduler: Scheduler, lifetime: Lifetime, sink: @escaping EventSink<Output>) {
        self.scheduler = scheduler
        self.lifetime = lifetime
        super.init(sink: sink)
    }

    final func withTimerSlot<Result>(_ body: (inout TimerSlot) -> Result) -> Result {
        lock.withLock { body(&timerSlot) }
    }

    final func scheduleTimer(after dueTime: RxTimeInterval, epoch: UInt64) -> any Disposable {
        scheduler.scheduleRelative(self, dueTime: dueTime) { emitter in
            emitter.timerFired()
            return Disposables.create()
        }
    }

    /// Schedules ``timerFired()`` after `seconds`. Call without holding `lock`.
    final func armTimer(after seconds: TimeInterval) {
        armTimer(after: seconds, in: nil)
    }

    /// Called on the scheduler when the armed timer fires. Every subclass overrides it: no operator makes a bare
    /// `TimedEmitter`.
    func timerFired() {
        preconditionFailure("Internal inconsistency: \(Self.self) does not override TimedEmitter.timerFired()")
    }

    /// Cancels the outstanding timer; part of the subscription's lifetime.
    func dispose() {
        closeTimer()
    }

    /// Runs `decide` (a machine's transition) holding the lock and performs the step it returns: its events are
    /// queued in that critical section (as `emit(_:)` does), a timer is armed after it.
    ///
    /// Written out rather than through `emitEvents(_:)`, whose pair of optional events cost DebouncePumping 202 ->
    /// 282 instructions per event: most steps emit nothing. Always inlined, so that `decide` (the machine's
    /// transition) is inlined too: called, DebouncePumping 165 -> 205, ThrottlePumping 221 -> 258.
    @inline(__always)
    final func perform(_ decide: () -> TimedStep<Output>) {
        lock.lock()
        switch decide() {
        case .none:
            lock.unlock()
        case .emit(let element):
            unlock(emitting: .next(element))
        case .emitAndComplete(let element):
            let delivers = admit(.next(element))
            // Queued behind the element, in the same critical section.
            _ = admit(.completed)
            lock.unlock()
            if delivers { deliver(.next(element)) }
        case .complete:
            unlock(emitting: .completed)
        case .armTimer(let seconds):
            lock.unlock()
            armTimer(after: seconds)
        }
    }
}

/// The sink of the time operators whose logic is a ``TimedStateMachine`` (`debounce`, `throttle`): runs the
/// machine under the lock and performs its steps outside it.
final class TimedMachineStorage<Machine: TimedStateMachine, Scheduler: SchedulerType>:
    TimedEmitter<Machine.Element, Scheduler>, @unchecked Sendable
{
    // Guarded by `lock`.
    @exclusivity(unchecked) var machine: Machine

    init(machine: Machine, scheduler: Scheduler, lifetime: Lifetime, sink: @escaping EventSink<Machine.Element>) {
        self.machine = machine
        super.init(scheduler: scheduler, lifetime: lifetime, sink: sink)
    }

    func on(_ event: Event<Machine.Element>) {
        switch event {
        case .next(let element):
            let now = scheduler.now
            perform { machine.next(element, now: now) }
        case .error(let error):
            emit { machine.failed() ? .error(error) : nil }
        case .completed:
            perform { machine.completed() }
        }
    }

    override func timerFired() {
        guard lifetime.isActive else { return }
        let now = scheduler.now
        perform { machine.timerFired(now: now) }
    }
}
