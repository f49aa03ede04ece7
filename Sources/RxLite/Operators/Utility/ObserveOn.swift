extension ObservableType where Element: Sendable {
    /// Delivers every event on `scheduler`, in order. Elements cross threads here, so they must be `Sendable`.
    ///
    /// Events that arrive while a delivery is pending join it, so a burst costs one scheduled action, not one per
    /// element. On a virtual-time scheduler (a `TestScheduler`) each event takes its own action instead, as in
    /// RxSwift, so tests see RxTest's timestamps. After dispose nothing more is delivered.
    ///
    /// [observeOn](https://reactivex.io/documentation/operators/observeon.html)
    public func observe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        observe(onAny: scheduler)
    }
}

extension ObservableType {
    /// `observe(on:)` for an element that is not `Sendable`, as RxSwift has it: the same operator, without the
    /// compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func observe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        observe(onAny: scheduler)
    }

    /// `observe(on:)` for a scheduler held as an existential (`Driver` and `Signal` hold theirs so), without
    /// opening it into the generic form: one storage whatever the scheduler's type, and no closure allocation per
    /// scheduled drain.
    func observe(onAny scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        #if DEBUG
            // Counted while the observable lives (`Resources.numberOfSerialDispatchQueueObservables`).
            let counted = SerialDispatchQueueObservableCount.make(for: scheduler)
        #endif
        return Observable { sink, lifetime, _ in
            #if DEBUG
                withExtendedLifetime(counted) {}
            #endif
            let state = ObserveOnStorage(scheduler: scheduler, sink: sink, lifetime: lifetime)
            lifetime.insert(object: state)
            // A child lifetime: the end waits for the scheduler, the source need not (the rule "Consume a terminal,
            // dispose its upstream").
            source.subscribeChild(of: lifetime) { ObserveOnSink(state: state, child: $0) }
        }
    }
}

/// The storage of `observe(on:)`: what it was made with, and the events waiting to be delivered on the scheduler
/// (its ``ObserveOnStateMachine``, under a lock).
///
/// Invariants: those of its ``ScheduledDrainStateMachine`` (at most one drain scheduled at a time, events waiting
/// only while one is); the drain delivers events in arrival order and checks the lifetime before each; events
/// arriving after a terminal one are dropped. Debug builds check, after every change, what of this the state shows:
/// the machine's invariants, and that the last event queued is a terminal one only once the machine stopped. (The
/// order of deliveries and the lifetime checks are the drain's code.)
final class ObserveOnStorage<Element>: Disposable {
    let sink: EventSink<Element>
    let lifetime: Lifetime
    let scheduling: ObserveOnScheduler
    let state: Locked<ObserveOnStateMachine<Element>>

    /// A storage delivering to `sink` on `scheduler`.
    init(scheduler: any ImmediateSchedulerType, sink: EventSink<Element>, lifetime: Lifetime) {
        self.sink = sink
        self.lifetime = lifetime
        scheduling = ObserveOnScheduler(scheduler)
        state = Locked(ObserveOnStateMachine())
    }

    /// ``on(_:)`` for an element: delivered as itself when it may be delivered at once (a Driver's element that
    /// arrives on the main queue); an `Event` is built only to queue it.
    func on(next element: Element) {
        let mayDeliverHere = scheduling.mayRunActionsInlineNow
        switch state.withLock({ $0.arrives(next: element, mayDeliverHere: mayDeliverHere) }) {
        case .dropped, .queued:
            return
        case .deliverHere:
            if lifetime.isActive { sink.on(next: element) }
            drain()
        case .scheduleDrain:
            scheduleDrain()
        }
    }

    func on(_ event: Event<Element>) {
        let mayDeliverHere = scheduling.mayRunActionsInlineNow
        switch state.withLock({ $0.arrives(event, mayDeliverHere: mayDeliverHere) }) {
        case .dropped, .queued:
            return
        case .deliverHere:
            if lifetime.isActive { sink(event) }
            drain()
        case .scheduleDrain:
            scheduleDrain()
        }
    }

    /// Schedules one `drain()` on the scheduler; the drain machine says one is scheduled.
    func scheduleDrain() {
        let scheduled = scheduling.scheduler.schedule(self) { storage in
            storage.drain()
            return Disposables.create()
        }
        state.withLock { $0.scheduled(scheduled) }
        // A dispose that ran before the handle was stored could not cancel it.
        if lifetime.isDisposed { dispose() }
    }

    /// Cancels a pending delivery; part of the subscription's lifetime.
    func dispose() {
        state.withLock { $0.disposed() }?.dispose()
    }

    /// Delivers the queue in batches until it is empty. On a virtual-time scheduler, delivers one event and
    /// schedules the next delivery, as RxSwift does on every scheduler that is not a serial dispatch queue: a test's
    /// timestamps then match RxTest's (events queued together reach the observer one tick apart on a
    /// `TestScheduler`, which runs work scheduled for now a tick later).
    func drain() {
        if scheduling.deliversOneEventPerAction { return drainOne() }
        // Most drains find nothing (a Driver's element delivered at once ends with one): that check stays free of
        // the batch's `Event`s, whose metadata the loop below, inlined, looked up every time.
        let isActive = lifetime.isActive
        if state.withLock({ $0.finishesDrain(discarding: !isActive) }) { return }
        drainBatches()
    }

    /// The loop of ``drain()``, once something was queued.
    @inline(never)
    func drainBatches() {
        while true {
            let isActive = lifetime.isActive
            guard var batch = state.withLock({ $0.takeBatch(discarding: !isActive) }) else { return }
            for event in batch {
                guard lifetime.isActive else { break }
                sink(event)
            }
            batch.removeAll(keepingCapacity: true)
            state.withLock { $0.recycle(batch) }
        }
    }

    /// `drain()` on a virtual-time scheduler: one event per scheduled action.
    func drainOne() {
        let isActive = lifetime.isActive
        guard let event = state.withLock({ $0.takeFirst(discarding: !isActive) }) else { return }
        sink(event)
        let isStillActive = lifetime.isActive
        if !state.withLock({ $0.finishesDrain(discarding: !isStillActive) }) { scheduleDrain() }
    }
}

/// What an event arriving at `observe(on:)` does, decided under its lock.
enum ObserveOnArrival {
    /// Nothing: it came after a terminal event.
    case dropped
    /// It waits for the drain that is scheduled or running.
    case queued
    /// The arriving thread delivers it at once, as the drain (a Driver's element on the main queue).
    case deliverHere
    /// It waits, and a drain must be scheduled for it.
    case scheduleDrain
}

/// The state of `observe(on:)`, under its lock: the events waiting for the drain, whether a terminal event came,
/// and the scheduled drain's handle.
struct ObserveOnStateMachine<Element> {
    private var drain = ScheduledDrainStateMachine<Element>()
    private var isStopped = false
    /// Held as an object (as a lifetime holds its resources): a smaller state than with `any Disposable`, which
    /// keeps the state's operations inline.
    private var scheduledDrain: (any Disposable & AnyObject)?

    @inline(__always)
    init() {}

    /// An element arrives. With `mayDeliverHere` (the scheduler would run an action at once, here), it is
    /// delivered by the arriving thread when no drain is scheduled or running: what scheduling a drain would do at
    /// once, without the queue and the scheduled action.
    @inline(__always)
    mutating func arrives(next element: Element, mayDeliverHere: Bool) -> ObserveOnArrival {
        if isStopped { return .dropped }
        if mayDeliverHere && drain.beginsDrainingHere() { return .deliverHere }
        return queue(next: element)
    }

    /// An event arrives (as ``arrives(next:mayDeliverHere:)``); a terminal one stops the machine.
    mutating func arrives(_ event: Event<Element>, mayDeliverHere: Bool) -> ObserveOnArrival {
        if isStopped { return .dropped }
        if event.isStopEvent { isStopped = true }
        if mayDeliverHere && drain.beginsDrainingHere() { return .deliverHere }
        defer { _checkInvariants() }
        return drain.enqueue(event) ? .scheduleDrain : .queued
    }

    /// Queues `element` for a drain. Out of line: building the `Event`, inlined, looked up its metadata on every
    /// element, also on those delivered at once.
    @inline(never)
    mutating func queue(next element: Element) -> ObserveOnArrival {
        defer { _checkInvariants() }
        return drain.enqueue(.next(element)) ? .scheduleDrain : .queued
    }

    /// The drain was scheduled; `handle` cancels it. Always inlined, for the reason ``heldAsObject(_:)`` gives.
    @inline(__always)
    mutating func scheduled(_ handle: any Disposable) {
        scheduledDrain = heldAsObject(handle)
        _checkInvariants()
    }

    /// The subscription was disposed: what waits is dropped; returns the scheduled drain's handle, to cancel.
    mutating func disposed() -> (any Disposable)? {
        drain.removeAll()
        _checkInvariants()
        return scheduledDrain.take()
    }

    /// For the drain: see ``ScheduledDrainStateMachine/finishesDrain(discarding:)``.
    @inline(__always)
    mutating func finishesDrain(discarding: Bool) -> Bool {
        defer { _checkInvariants() }
        return drain.finishesDrain(discarding: discarding)
    }

    /// For the drain: see ``ScheduledDrainStateMachine/takeBatch(discarding:)``.
    mutating func takeBatch(discarding: Bool) -> [Event<Element>]? {
        defer { _checkInvariants() }
        return drain.takeBatch(discarding: discarding)
    }

    /// For the drain: see ``ScheduledDrainStateMachine/recycle(_:)``.
    mutating func recycle(_ batch: [Event<Element>]) {
        drain.recycle(batch)
        _checkInvariants()
    }

    /// For the drain on a virtual clock: see ``ScheduledDrainStateMachine/takeFirst(discarding:)``.
    mutating func takeFirst(discarding: Bool) -> Event<Element>? {
        defer { _checkInvariants() }
        return drain.takeFirst(discarding: discarding)
    }

    /// Debug builds: traps unless the drain keeps its invariants, and a terminal event is queued only once the machine
    /// stopped. It looks at the last queued event only, so it costs the same however many wait.
    func _checkInvariants() {
        #if DEBUG
            drain._checkInvariants()
            precondition(
                isStopped || !drain.endsWithStopEvent,
                "Internal inconsistency: observe(on:) queued a terminal event, not admitted")
        #endif
    }
}

/// The sink of `observe(on:)`'s source: hands each event to the storage; the source's end ends its `child` lifetime
/// first (the end waits for the scheduler, the source need not: the rule "Consume a terminal, dispose its upstream").
final class ObserveOnSink<Element>: EventSink<Element> {
    let state: ObserveOnStorage<Element>
    let child: Lifetime?

    init(state: ObserveOnStorage<Element>, child: Lifetime?) {
        self.state = state
        self.child = child
    }

    override func on(next element: Element) { state.on(next: element) }

    override func on(error: any Error) {
        child?.finishChild()
        state.on(.error(error))
    }

    override func onCompleted() {
        child?.finishChild()
        state.on(.completed)
    }
}

/// The scheduler of `observe(on:)` and what it is.
struct ObserveOnScheduler {
    let scheduler: any ImmediateSchedulerType
    /// `scheduler` when it is a ``MainScheduler``, which can say ahead whether it would run an action at once.
    let mainScheduler: MainScheduler?
    /// The scheduler's clock is virtual (see ``ObserveOnStorage/drain()``).
    let deliversOneEventPerAction: Bool

    init(_ scheduler: any ImmediateSchedulerType) {
        self.scheduler = scheduler
        mainScheduler = scheduler as? MainScheduler
        deliversOneEventPerAction = RxLite.deliversOneEventPerAction(on: scheduler)
    }

    /// Whether an event arriving now may be delivered by the arriving thread: the scheduler is the main scheduler,
    /// which would run an action at once (a Driver's events that already arrive on the main queue, from a relay fed
    /// by the UI, cost no scheduling).
    var mayRunActionsInlineNow: Bool { mainScheduler?.runsActionsInlineNow ?? false }
}

/// A scheduler whose clock is virtual (``VirtualTimeScheduler``, RxLiteTest's `TestScheduler`): `observe(on:)`
/// delivers one event per scheduled action on it, so that tests see RxSwift's timestamps.
package protocol VirtualClockScheduling {}

extension VirtualTimeScheduler: VirtualClockScheduling {}

/// Whether `observe(on:)` delivers one event per scheduled action on `scheduler` (see ``ObserveOnStorage/drain()``).
func deliversOneEventPerAction(on scheduler: any ImmediateSchedulerType) -> Bool {
    scheduler is any VirtualClockScheduling
}
