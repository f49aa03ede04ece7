import Foundation

/// The storage of a single-upstream time operator (`throttle`, `debounce`, `delay`, `timeout`, `buffer`, `window`):
/// a final class holding what it was made with (the scheduler its timer runs on, the subscription's lifetime), its
/// machine under a ``SerializedEmitter`` (the upstream and the timer may emit from different threads), and its one
/// timer's ``TimerSlot`` under a lock of its own: no event touches the slot, only arming and disposing.
///
/// It says what its timer's firing does (``timerFired()``), and the protocol schedules it. The scheduled timer holds
/// the storage strongly: the subscription's lifetime owns it, and `dispose()` cancels the timer.
protocol TimedOperator: TimerOwner, Disposable {
    /// The scheduler the timer runs on.
    var scheduler: any SchedulerType { get }
    /// The timer's slot.
    var timerSlot: Locked<TimerSlot> { get }
    /// Called on the scheduler when the armed timer fires.
    func timerFired()
}

extension TimedOperator {
    func withTimerSlot<Result>(_ body: (inout TimerSlot) -> Result) -> Result {
        timerSlot.withLock(body)
    }

    func scheduleTimer(after dueTime: RxTimeInterval, epoch: UInt64) -> any Disposable {
        scheduler.scheduleRelative(self, dueTime: dueTime) { storage in
            storage.timerFired()
            return Disposables.create()
        }
    }

    /// Schedules ``timerFired()`` after `seconds`. Call without holding the emitter's lock.
    func armTimer(after seconds: TimeInterval) {
        armTimer(after: seconds, in: nil)
    }

    /// Cancels the outstanding timer for good; part of the subscription's lifetime.
    func dispose() {
        closeTimer()
    }
}

extension SerializedEmitter {
    /// Runs `decide` (a time operator's machine's transition) holding the lock and emits what the step it returns
    /// says, in that critical section; returns the time after which to arm the timer, for the caller to arm once the
    /// lock is released. Always inlined, so that `decide` is inlined too.
    @inline(__always)
    func perform(_ decide: (inout State) -> TimedStep<Output>) -> TimeInterval? {
        var armsAfter: TimeInterval?
        emit(step: { machine in
            switch decide(&machine) {
            case .none: return .none
            case .emit(let element): return .next(element)
            case .emitAndComplete(let element): return .nextThenComplete(element)
            case .complete: return .complete
            case .armTimer(let seconds):
                armsAfter = seconds
                return .none
            }
        })
        return armsAfter
    }
}

/// The storage of the time operators whose logic is a ``TimedStateMachine`` (`debounce`, `throttle`): runs the
/// machine under the lock and performs its steps outside it.
///
/// Generic over the element as well as the machine, so that its methods read the element's type from the object
/// rather than as the machine's associated type, which code compiled once looks up on every call.
final class TimedMachineStorage<Element, Machine: TimedStateMachine<Element>>: TimedOperator {
    let emitter: SerializedEmitter<Element, Machine>
    let scheduler: any SchedulerType
    let lifetime: Lifetime
    let timerSlot = Locked(TimerSlot())

    /// A storage whose timer runs on `scheduler`, for the subscription `lifetime`, delivering to `sink`.
    init(scheduler: any SchedulerType, lifetime: Lifetime, sink: EventSink<Element>, machine: Machine) {
        emitter = .make(sink: sink, state: machine)
        self.scheduler = scheduler
        self.lifetime = lifetime
    }

    /// An element arrived. Its step carries no element (``TimedElementStep``) and an element sent at once goes out as
    /// itself, so the path forms no type from the element; completion, failure and the timer's firing, which do,
    /// are functions of their own.
    func on(next element: Element) {
        let now = scheduler.now
        var armsAfter: TimeInterval?
        emitter.emit(next: element) { machine in
            switch machine.next(element, now: now) {
            case .none:
                return false
            case .emit:
                return true
            case .armTimer(let seconds):
                armsAfter = seconds
                return false
            }
        }
        if let armsAfter { armTimer(after: armsAfter) }
    }

    /// The upstream failed.
    func on(error: any Error) {
        emitter.emit { $0.failed() ? .error(error) : nil }
    }

    /// The upstream completed.
    func onCompleted() {
        if let armsAfter = emitter.perform({ $0.completed() }) { armTimer(after: armsAfter) }
    }

    func timerFired() {
        guard lifetime.isActive else { return }
        let now = scheduler.now
        if let armsAfter = emitter.perform({ $0.timerFired(now: now) }) { armTimer(after: armsAfter) }
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
