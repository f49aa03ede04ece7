import Foundation

extension ObservableType where Element: Sendable {
    /// Emits each element and the completion `dueTime` later, on `scheduler`; an error goes out at once and drops
    /// the elements still waiting.
    ///
    /// ```
    /// source:            -a-b---c|
    /// delay(2 frames):   ---a-b---c|
    /// ```
    /// Waiting events share one timer, re-armed for the next due event each time it fires. On a virtual-time
    /// scheduler (a `TestScheduler`) each firing delivers one event, as in RxSwift, so events due together arrive a
    /// tick apart there, with RxTest's timestamps.
    ///
    /// [delay](https://reactivex.io/documentation/operators/delay.html)
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<
        Element
    > {
        uncheckedDelay(dueTime, scheduler: scheduler)
    }
}

extension ObservableType {
    /// `delay(_:scheduler:)` for an element that is not `Sendable`, as RxSwift has it: the same operator, without the
    /// compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<
        Element
    > {
        uncheckedDelay(dueTime, scheduler: scheduler)
    }

    /// What both `delay(_:scheduler:)` overloads build.
    func uncheckedDelay<Scheduler: SchedulerType>(_ dueTime: RxTimeInterval, scheduler: Scheduler) -> Observable<
        Element
    > {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = DelayStorage(
                scheduler: scheduler, lifetime: lifetime, sink: sink,
                machine: DelayStateMachine<Element>(
                    dueTime: dueTime.timeInterval, deliversOnePerFiring: deliversOneEventPerAction(on: scheduler)))
            lifetime.insert(object: state)
            source.subscribeChild(of: lifetime, state.on)
        }
    }
}

/// The storage of `delay`: runs ``DelayStateMachine`` under the lock; the timer delivers due events in order.
final class DelayStorage<Element>: TimedOperator {
    let emitter: SerializedEmitter<Element, DelayStateMachine<Element>>
    let scheduler: any SchedulerType
    let lifetime: Lifetime
    let timerSlot = Locked(TimerSlot())

    /// A storage whose timer runs on `scheduler`, for the subscription `lifetime`, delivering to `sink`.
    init(
        scheduler: any SchedulerType, lifetime: Lifetime, sink: EventSink<Element>,
        machine: DelayStateMachine<Element>
    ) {
        emitter = .make(sink: sink, state: machine)
        self.scheduler = scheduler
        self.lifetime = lifetime
    }

    func on(_ event: Event<Element>) {
        if case .error(let error) = event {
            emitter.emit { $0.failed() ? .error(error) : nil }
            return
        }
        let now = scheduler.now
        let delay = emitter.withLock { $0.enqueue(event, now: now) }
        if let delay { armTimer(after: delay) }
    }

    func timerFired() {
        emitter.withLock { $0.timerFired() }
        // One copy of the scheduler for the whole firing, not one per event it delivers.
        let scheduler = scheduler
        while lifetime.isActive {
            let now = scheduler.now
            var isDrained = false
            var rearmAfter: TimeInterval?
            emitter.emit { state in
                let (event, rearm) = state.takeDue(now: now)
                if event == nil { isDrained = true }
                rearmAfter = rearm
                return event
            }
            // Drained, or (on a virtual-time scheduler) one event out and the timer due again for the next.
            if isDrained || rearmAfter != nil {
                if let rearmAfter { armTimer(after: rearmAfter) }
                return
            }
        }
    }
}
