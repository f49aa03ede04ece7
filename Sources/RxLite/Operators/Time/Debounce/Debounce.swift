import Foundation

extension ObservableType where Element: Sendable {
    /// Emits an element once `dueTime` has passed without a newer one.
    ///
    /// Elements go out on `scheduler`, so they must be `Sendable`. Completion sends the waiting element at once,
    /// then completes; an error goes out at once and drops the waiting element.
    ///
    /// ```
    /// source:               a-b-c------d---|
    /// debounce(3 frames):   -------c------d(|)   ("d" waits 3 frames; completion flushes nothing)
    /// ```
    /// No timer is allocated per element: one deadline moves with each element, and the one outstanding timer is
    /// re-armed only when it fires before that deadline. A burst of a million elements costs two timers.
    ///
    /// [debounce](https://reactivex.io/documentation/operators/debounce.html)
    @inlinable
    public func debounce<Scheduler: SchedulerType>(_ dueTime: RxTimeInterval, scheduler: Scheduler) -> Observable<
        Element
    > {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = DebounceState(
                machine: DebounceStateMachine(dueTime: dueTime.timeInterval), scheduler: scheduler, lifetime: lifetime,
                sink: sink)
            lifetime.insert(state)
            source.subscribeHandler(state.on, lifetime)
        }
    }
}

/// The sink of `debounce`: runs ``DebounceStateMachine`` under the lock and performs its actions outside it.
@usableFromInline
final class DebounceState<Element: Sendable, Scheduler: SchedulerType>: TimedEmitter<Element, Scheduler>,
    @unchecked Sendable
{
    // Guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var machine: DebounceStateMachine<Element>

    @inlinable
    init(
        machine: DebounceStateMachine<Element>, scheduler: Scheduler, lifetime: Lifetime,
        sink: @escaping EventSink<Element>
    ) {
        self.machine = machine
        super.init(scheduler: scheduler, lifetime: lifetime, sink: sink)
    }

    @inlinable
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let now = scheduler.now
            lock.lock()
            let delay = machine.next(element, now: now)
            lock.unlock()
            if let delay { armTimer(after: delay) }
        case .error(let error):
            lock.lock()
            if machine.failed() { emitLocked(.error(error)) } else { lock.unlock() }
        case .completed:
            lock.lock()
            switch machine.completed() {
            case .none: lock.unlock()
            case .complete: emitLocked(.completed)
            case .emitAndComplete(let element): emitLocked(element, thenCompleted: ())
            }
        }
    }

    @usableFromInline
    override func timerFired() {
        guard lifetime.isActive else { return }
        let now = scheduler.now
        lock.lock()
        switch machine.timerFired(now: now) {
        case .none:
            lock.unlock()
        case .emit(let element):
            emitLocked(.next(element))
        case .armTimer(let seconds):
            lock.unlock()
            armTimer(after: seconds)
        }
    }
}
