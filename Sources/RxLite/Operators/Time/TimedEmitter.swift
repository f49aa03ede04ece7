import Foundation

/// The storage of a single-upstream time operator (`throttle`, `debounce`, `delay`, `timeout`, `buffer`, `window`): a
/// ``SerializedEmitter`` (the upstream and the timer may emit from different threads) whose state holds the operator's
/// machine and its one timer, armed through the timer engine (``TimerOwner``) with its ``TimerSlot`` under the lock.
///
/// Each operator's storage is a final subclass that adopts ``TimedOperator``: it says what its timer's firing does
/// (``TimedOperator/timerFired()``), and the protocol schedules it. The scheduled timer holds the storage strongly:
/// the subscription's lifetime owns it, and `dispose()` cancels the timer.
class TimedEmitter<Output, Machine>: SerializedEmitter<Output, Machine>, Disposable {
    /// A storage whose timer runs on `scheduler`, for the subscription `lifetime`, delivering to `sink`, with
    /// `machine` as its state; the ``TimerFields`` go in the tail, after the emitter's.
    final class func make(
        scheduler: any SchedulerType, lifetime: Lifetime, sink: EventSink<Output>, machine: Machine
    ) -> Self {
        let storage = make(sink: sink, state: machine, extraWords: tailWords(for: TimerFields.self))
        storage.placeFields(TimerFields(scheduler: scheduler, lifetime: lifetime), at: timerWord)
        return storage
    }

    deinit {
        removeFields(at: Self.timerWord, as: TimerFields.self)
    }

    /// The first word of the timer's fields: right after the emitter's.
    @inline(__always)
    static var timerWord: Int { 2 + emitterWords }

    /// The timer's fields.
    @inline(__always)
    final var timer: UnsafeMutablePointer<TimerFields> { fields(at: Self.timerWord, as: TimerFields.self) }

    /// The scheduler the timer runs on.
    @inline(__always)
    final var scheduler: any SchedulerType { timer.pointee.scheduler }

    /// The subscription's lifetime.
    @inline(__always)
    final var lifetime: Lifetime { timer.pointee.lifetime }

    /// The scheduler's clock, for the upstream's events: asked of ``TimerFields/upstreamClock`` where it is (see
    /// there).
    @inline(__always)
    final var upstreamNow: Date { TimerFields.now(of: &timer.pointee.upstreamClock) }

    final func withTimerSlot<Result>(_ body: (inout TimerSlot) -> Result) -> Result {
        let lock = lock
        lock.lock()
        defer { lock.unlock() }
        return body(&timer.pointee.timerSlot)
    }

    /// Cancels the outstanding timer for good; part of the subscription's lifetime.
    final func dispose() {
        withTimerSlot { $0.close() }?.dispose()
    }

    /// Runs `decide` (a machine's transition) holding the lock and performs the step it returns: its events are
    /// admitted in that critical section (as `emit(_:)` does), a timer is armed after it (through `arm`, the
    /// operator's ``TimedOperator/armTimer(after:)``).
    ///
    /// Written out rather than through `emitEvents(_:)`, whose pair of optional events cost more per event: most
    /// steps emit nothing. Always inlined, so that `decide` (the machine's transition) is inlined too.
    @inline(__always)
    final func perform(_ decide: (inout Machine) -> TimedStep<Output>, arm: (TimeInterval) -> Void) {
        lock.lock()
        switch decide(&state.pointee) {
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
            arm(seconds)
        }
    }
}

/// What every time operator's storage keeps beside the emitter's fields, in the tail (see ``LockedBuffer``). The
/// scheduler is held as an existential, which has one layout whatever the scheduler.
struct TimerFields {
    let scheduler: any SchedulerType
    /// The same scheduler again, asked for the time only by the upstream's events, which arrive one at a time. It is
    /// opened where it is (`inout`, ``now(of:)``): read as a value, the existential was copied out first, a retain and
    /// a release per event. No other thread touches it, so that access is never concurrent (ThreadSanitizer counts
    /// an `inout` access as a write); the timer's thread reads ``scheduler``.
    var upstreamClock: any SchedulerType
    let lifetime: Lifetime
    /// Guarded by the lock; no event touches it, only arming and disposing.
    var timerSlot = TimerSlot()

    init(scheduler: any SchedulerType, lifetime: Lifetime) {
        self.scheduler = scheduler
        upstreamClock = scheduler
        self.lifetime = lifetime
    }

    /// `scheduler.now`, the existential opened where it is.
    @inline(__always)
    static func now(of scheduler: inout any SchedulerType) -> Date { scheduler.now }
}

/// A time operator's storage (a final subclass of ``TimedEmitter``): what its timer's firing does. The protocol
/// schedules the firing on the storage's scheduler.
protocol TimedOperator: TimerOwner {
    /// The scheduler the timer runs on.
    var scheduler: any SchedulerType { get }
    /// Called on the scheduler when the armed timer fires.
    func timerFired()
}

extension TimedOperator {
    func scheduleTimer(after dueTime: RxTimeInterval, epoch: UInt64) -> any Disposable {
        scheduler.scheduleRelative(self, dueTime: dueTime) { storage in
            storage.timerFired()
            return Disposables.create()
        }
    }

    /// Schedules ``timerFired()`` after `seconds`. Call without holding the lock.
    func armTimer(after seconds: TimeInterval) {
        armTimer(after: seconds, in: nil)
    }
}

/// The storage of the time operators whose logic is a ``TimedStateMachine`` (`debounce`, `throttle`): runs the
/// machine under the lock and performs its steps outside it.
///
/// Generic over the element as well as the machine, so that its methods read the element's type from the object
/// rather than as the machine's associated type, which code compiled once looks up on every call.
final class TimedMachineStorage<Element, Machine: TimedStateMachine<Element>>: TimedEmitter<Element, Machine>,
    TimedOperator
{
    /// An element arrived. Its step carries no element (``TimedElementStep``) and an element sent at once goes out as
    /// itself, so the path forms no type from the element; completion, failure and the timer's firing, which do,
    /// are functions of their own.
    func on(next element: Element) {
        let now = upstreamNow
        lock.lock()
        switch state.pointee.next(element, now: now) {
        case .none:
            lock.unlock()
        case .emit:
            unlock(emittingNext: element)
        case .armTimer(let seconds):
            lock.unlock()
            armTimer(after: seconds)
        }
    }

    /// The upstream failed.
    func on(error: any Error) {
        emit { $0.failed() ? .error(error) : nil }
    }

    /// The upstream completed.
    func onCompleted() {
        perform({ $0.completed() }, arm: { armTimer(after: $0) })
    }

    func timerFired() {
        guard lifetime.isActive else { return }
        let now = scheduler.now
        perform({ $0.timerFired(now: now) }, arm: { armTimer(after: $0) })
    }
}

/// The upstream's sink of a ``TimedMachineStorage``: hands each event to the storage, and ends `child` (the
/// upstream's lifetime, when the operator subscribed it as a child) on the upstream's end.
final class TimedMachineSink<Element, Machine: TimedStateMachine<Element>>: EventSink<Element> {
    let storage: TimedMachineStorage<Element, Machine>
    let child: Lifetime?

    init(storage: TimedMachineStorage<Element, Machine>, child: Lifetime?) {
        self.storage = storage
        self.child = child
    }

    override func on(next element: Element) { storage.on(next: element) }

    override func on(error: any Error) {
        child?.finishChild()
        storage.on(error: error)
    }

    override func onCompleted() {
        child?.finishChild()
        storage.onCompleted()
    }
}
