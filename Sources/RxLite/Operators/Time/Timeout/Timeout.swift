import Foundation

extension ObservableType {
    /// Emits the source's events, failing with `RxError.timeout` when `dueTime` passes without an element (counted
    /// from subscription, then from each element).
    ///
    /// ```
    /// source:              -a--b-----c|
    /// timeout(3 frames):   -a--b--#
    /// ```
    /// Elements move one deadline; no timer is allocated per element.
    ///
    /// [timeout](https://reactivex.io/documentation/operators/timeout.html)
    public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<
        Element
    > {
        timeout(dueTime, fallback: nil, scheduler: scheduler)
    }

    /// Emits the source's events; when `dueTime` passes without an element, drops the source and continues with
    /// `other`.
    ///
    /// ```
    /// source:                    -a--b-----c|
    /// other:                     xy|
    /// timeout(3 frames, other):  -a--b--(xy|)
    /// ```
    ///
    /// [timeout](https://reactivex.io/documentation/operators/timeout.html)
    public func timeout<Other: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval, other: Other, scheduler: any SchedulerType
    ) -> Observable<Element> where Other.Element == Element {
        timeout(dueTime, fallback: other.asObservable(), scheduler: scheduler)
    }

    func timeout<Scheduler: SchedulerType>(
        _ dueTime: RxTimeInterval, fallback: Observable<Element>?, scheduler: Scheduler
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            guard let sourceLifetime = lifetime.makeChild() else { return }
            let state = TimeoutStorage(
                scheduler: scheduler, lifetime: lifetime, sink: sink,
                machine: TimeoutStateMachine(dueTime: dueTime.timeInterval, subscribedAt: scheduler.now),
                fallback: fallback, sourceLifetime: sourceLifetime)
            lifetime.insert(object: state)
            state.armTimer(after: dueTime.timeInterval)
            guard lifetime.isActive else { return }
            source.runSubscription(TimeoutSourceSink(storage: state), sourceLifetime)
        }
    }
}

/// The storage of `timeout`: runs ``TimeoutStateMachine`` under the lock, and on time-out releases the source (the rule
/// "Consume a terminal, dispose its upstream") and subscribes the fallback, whose events go through the same serialized
/// output.
final class TimeoutStorage<Element>: TimedOperator {
    let emitter: SerializedEmitter<Element, TimeoutStateMachine>
    let scheduler: any SchedulerType
    let lifetime: Lifetime
    let timerSlot = Locked(TimerSlot())
    /// What a time-out switches over to; `nil` fails with `RxError.timeout`.
    let fallback: Observable<Element>?
    /// The source's subscription, released on a time-out.
    let sourceLifetime: Lifetime

    /// A storage whose timer runs on `scheduler`, for the subscription `lifetime`, delivering to `sink`.
    init(
        scheduler: any SchedulerType, lifetime: Lifetime, sink: EventSink<Element>, machine: TimeoutStateMachine,
        fallback: Observable<Element>?, sourceLifetime: Lifetime
    ) {
        emitter = .make(sink: sink, state: machine)
        self.scheduler = scheduler
        self.lifetime = lifetime
        self.fallback = fallback
        self.sourceLifetime = sourceLifetime
    }

    /// A source element: it moves the deadline and goes out as itself, so the path forms no type from the element.
    func onSource(next element: Element) {
        let now = scheduler.now
        emitter.emit(next: element) { $0.sourceEvent(isTerminal: false, now: now) }
    }

    /// The source's failure or completion.
    func onSource(_ event: Event<Element>) {
        let now = scheduler.now
        emitter.emit { $0.sourceEvent(isTerminal: event.isStopEvent, now: now) ? event : nil }
    }

    func onFallback(_ event: Event<Element>) {
        emitter.emit(event)
    }

    func timerFired() {
        guard lifetime.isActive else { return }
        let now = scheduler.now
        switch emitter.withLock({ $0.timerFired(now: now) }) {
        case .none:
            break
        case .armTimer(let seconds):
            armTimer(after: seconds)
        case .timeOut:
            sourceLifetime.finishChild()
            if let fallback {
                fallback.subscribeTopLevel(onFallback, lifetime)
            } else {
                emitter.emit(.error(RxError.timeout))
            }
        }
    }
}

/// The source's sink of a `timeout`: hands each event to the storage.
final class TimeoutSourceSink<Element>: EventSink<Element> {
    let storage: TimeoutStorage<Element>

    init(storage: TimeoutStorage<Element>) {
        self.storage = storage
    }

    override func on(next element: Element) { storage.onSource(next: element) }

    override func on(error: any Error) { storage.onSource(.error(error)) }

    override func onCompleted() { storage.onSource(.completed) }
}
