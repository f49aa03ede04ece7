import Foundation

extension ObservableType where Element: Sendable {
    /// Emits the first element at once, then at most one element per `dueTime`.
    ///
    /// Each element that goes out opens a window of `dueTime`. With `latest: true` the last element that arrived
    /// inside the window goes out when the window ends (and opens the next window); with `latest: false` elements
    /// inside the window are dropped. Elements delivered at a window's end are delivered on `scheduler`, so they
    /// must be `Sendable`. On completion a waiting element still goes out at its window's end, then completion; an
    /// error goes out at once and drops the waiting element.
    ///
    /// ```
    /// source:                   a-b-c-----d--e|
    /// throttle(3 frames):       a--b--c---d--e|   (a window is 3 frames: b waits for a's window to end,
    ///                                              c for b's; d and e arrive after the window and go out at once)
    /// ```
    /// A burst inside one window arms one timer, not one per element.
    ///
    /// [throttle](https://reactivex.io/documentation/operators/sample.html)
    @inlinable
    public func throttle<Scheduler: SchedulerType>(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: Scheduler
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = ThrottleState(
                machine: ThrottleStateMachine(dueTime: dueTime.timeInterval, latest: latest), scheduler: scheduler,
                lifetime: lifetime, sink: sink)
            lifetime.insert(state)
            source.subscribeHandler(state.on, lifetime)
        }
    }
}

/// The sink of `throttle`: runs ``ThrottleStateMachine`` under the lock and performs its actions outside it.
@usableFromInline
final class ThrottleState<Element: Sendable, Scheduler: SchedulerType>: TimedEmitter<Element, Scheduler>,
    @unchecked Sendable
{
    // Guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var machine: ThrottleStateMachine<Element>

    @inlinable
    init(
        machine: ThrottleStateMachine<Element>, scheduler: Scheduler, lifetime: Lifetime,
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
            switch machine.next(element, now: now) {
            case .none:
                lock.unlock()
            case .emit(let element):
                emitLocked(.next(element))
            case .armTimer(let seconds):
                lock.unlock()
                armTimer(after: seconds)
            }
        case .error(let error):
            lock.lock()
            if machine.failed() { emitLocked(.error(error)) } else { lock.unlock() }
        case .completed:
            lock.lock()
            if machine.completed() { emitLocked(.completed) } else { lock.unlock() }
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
        case .emitAndComplete(let element):
            emitLocked(element, thenCompleted: ())
        case .armTimer(let seconds):
            lock.unlock()
            armTimer(after: seconds)
        }
    }
}
