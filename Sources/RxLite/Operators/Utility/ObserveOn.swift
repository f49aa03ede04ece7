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
            let state = ObserveOnStorage.make(scheduler: scheduler, sink: sink, lifetime: lifetime)
            lifetime.insert(object: state)
            // A child lifetime: the end waits for the scheduler, the source need not (the rule "Consume a terminal,
            // dispose its upstream").
            source.subscribeChild(of: lifetime) { ObserveOnSink(state: state, child: $0) }
        }
    }
}

/// The storage of `observe(on:)`: events waiting to be delivered on the scheduler.
///
/// Invariants: those of its ``ScheduledDrainStateMachine`` (at most one drain scheduled at a time, events waiting
/// only while one is); the drain delivers events in arrival order and checks the lifetime before each; events
/// arriving after a terminal one are dropped. Debug builds check, after every change, what of this the state shows:
/// the machine's invariants, and that the last event queued is a terminal one only once `isStopped` is set. (The
/// order of deliveries and the lifetime checks are the drain's code.)
final class ObserveOnStorage<Element>: LockedBuffer<ObserveOnState<Element>>, Disposable {
    /// A storage delivering to `sink` on `scheduler`. The tail: the lock, then the ``ObserveOnFields``.
    static func make(scheduler: any ImmediateSchedulerType, sink: EventSink<Element>, lifetime: Lifetime)
        -> ObserveOnStorage
    {
        let storage = make(words: schedulerWord + tailWords(for: ObserveOnScheduler.self), state: ObserveOnState())
        storage.placeFields(ObserveOnFields(sink: sink, lifetime: lifetime), at: 1)
        storage.placeFields(ObserveOnScheduler(scheduler), at: schedulerWord)
        return storage
    }

    deinit {
        removeFields(at: Self.schedulerWord, as: ObserveOnScheduler.self)
        removeFields(at: 1, as: ObserveOnFields<Element>.self)
    }

    /// Where the ``ObserveOnScheduler`` starts, after the ``ObserveOnFields``.
    @inline(__always)
    static var schedulerWord: Int { 1 + tailWords(for: ObserveOnFields<Element>.self) }

    /// What it was made with, read without the lock.
    @inline(__always)
    var fields: UnsafeMutablePointer<ObserveOnFields<Element>> { fields(at: 1, as: ObserveOnFields<Element>.self) }

    /// The scheduler, read without the lock.
    @inline(__always)
    var scheduling: UnsafeMutablePointer<ObserveOnScheduler> {
        fields(at: Self.schedulerWord, as: ObserveOnScheduler.self)
    }

    /// ``on(_:)`` for an element: delivered as itself when it may be delivered at once (a Driver's element that
    /// arrives on the main queue); an `Event` is built only to queue it.
    func on(next element: Element) {
        let state = state
        let fields = fields
        lock.lock()
        if state.pointee.isStopped {
            lock.unlock()
            return
        }
        if beginsDeliveryHere() {
            lock.unlock()
            if fields.pointee.lifetime.isActive { fields.pointee.sink.on(next: element) }
            drain()
            return
        }
        let needsDrain = queue(next: element)
        lock.unlock()
        if needsDrain { scheduleDrain() }
    }

    /// Holding the lock: whether the event that arrives now is delivered by this thread at once, as the drain:
    /// what scheduling a drain would do at once, without the queue and the scheduled action, so that a Driver's
    /// events that already arrive on the main queue (a relay fed from the UI) cost no scheduling.
    func beginsDeliveryHere() -> Bool {
        guard let mainScheduler = scheduling.pointee.mainScheduler, mainScheduler.runsActionsInlineNow else {
            return false
        }
        return state.pointee.drain.beginsDrainingHere()
    }

    /// Holding the lock: queues `element` for a drain; returns whether one must be scheduled. Out of line: building
    /// the `Event`, inlined, looked up its metadata on every element, also on those delivered at once.
    @inline(never)
    func queue(next element: Element) -> Bool {
        queue(.next(element))
    }

    /// Holding the lock: queues `event` for a drain; returns whether one must be scheduled.
    func queue(_ event: Event<Element>) -> Bool {
        defer { _checkInvariants() }
        return state.pointee.drain.enqueue(event)
    }

    func on(_ event: Event<Element>) {
        let state = state
        let fields = fields
        lock.lock()
        if state.pointee.isStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent { state.pointee.isStopped = true }
        if beginsDeliveryHere() {
            lock.unlock()
            if fields.pointee.lifetime.isActive { fields.pointee.sink(event) }
            drain()
            return
        }
        let needsDrain = queue(event)
        lock.unlock()
        if needsDrain { scheduleDrain() }
    }

    /// Schedules one `drain()` on the scheduler; the drain machine says one is scheduled.
    func scheduleDrain() {
        let scheduled = scheduling.pointee.scheduler.schedule(self) { storage in
            storage.drain()
            return Disposables.create()
        }
        withLock { state in
            state.scheduledDrain = scheduled._rxLiteObject
            _checkInvariants()
        }
        // A dispose that ran before the handle was stored could not cancel it.
        if fields.pointee.lifetime.isDisposed { dispose() }
    }

    /// Cancels a pending delivery; part of the subscription's lifetime.
    func dispose() {
        let scheduled = withLock { state -> (any Disposable)? in
            state.drain.removeAll()
            defer { _checkInvariants() }
            return state.scheduledDrain.take()
        }
        scheduled?.dispose()
    }

    /// Delivers the queue in batches until it is empty. On a virtual-time scheduler, delivers
    /// one event and schedules the next delivery, as RxSwift does on every scheduler that is not a serial dispatch
    /// queue: a test's timestamps then match RxTest's (events queued together reach the observer one tick apart on
    /// a `TestScheduler`, which runs work scheduled for now a tick later).
    func drain() {
        if scheduling.pointee.deliversOneEventPerAction { return drainOne() }
        // Most drains find nothing (a Driver's element delivered at once ends with one): that check stays free of
        // the batch's `Event`s, whose metadata the loop below, inlined, looked up every time.
        lock.lock()
        let isOver = drainIsOver()
        lock.unlock()
        if !isOver { drainBatches() }
    }

    /// The loop of ``drain()``, once something was queued.
    @inline(never)
    func drainBatches() {
        let fields = fields
        while true {
            let taken = withLock { state in
                defer { _checkInvariants() }
                return state.drain.takeBatch(discarding: !fields.pointee.lifetime.isActive)
            }
            guard var batch = taken else { return }
            for event in batch {
                guard fields.pointee.lifetime.isActive else { break }
                fields.pointee.sink(event)
            }
            batch.removeAll(keepingCapacity: true)
            withLock { state in
                state.drain.recycle(batch)
                _checkInvariants()
            }
        }
    }

    /// Holding the lock: whether the drain is over (nothing queued, or the subscription ended); if so, drops what an
    /// ended subscription still had queued and ends the drain.
    func drainIsOver() -> Bool {
        defer { _checkInvariants() }
        return state.pointee.drain.finishesDrain(discarding: !fields.pointee.lifetime.isActive)
    }

    /// `drain()` on a virtual-time scheduler: one event per scheduled action.
    func drainOne() {
        let fields = fields
        let taken = withLock { state in
            defer { _checkInvariants() }
            return state.drain.takeFirst(discarding: !fields.pointee.lifetime.isActive)
        }
        guard let event = taken else { return }
        fields.pointee.sink(event)
        if !withLock({ _ in drainIsOver() }) { scheduleDrain() }
    }

    /// Debug builds, holding the lock: traps unless the state keeps the invariants the type states. It looks at the
    /// last queued event only, so it costs the same however many wait.
    func _checkInvariants() {
        #if DEBUG
            let state = state.pointee
            state.drain._checkInvariants()
            precondition(
                state.isStopped || !state.drain.endsWithStopEvent,
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

/// The state of `observe(on:)`, under its lock.
struct ObserveOnState<Element> {
    var drain = ScheduledDrainStateMachine<Element>()
    var isStopped = false
    /// Held as an object (as a lifetime holds its resources): a smaller state than with `any Disposable`, which
    /// keeps the state's operations inline.
    var scheduledDrain: (any Disposable & AnyObject)?

    @inline(__always)
    init() {}
}

/// What `observe(on:)` was made with, read without the lock, in its storage's tail. Two small structs rather than one:
/// a struct this size or smaller is placed and released inline, with no lookup of its metadata.
struct ObserveOnFields<Element> {
    let live = LiveResource()
    let sink: EventSink<Element>
    let lifetime: Lifetime

    @inline(__always)
    init(sink: EventSink<Element>, lifetime: Lifetime) {
        self.sink = sink
        self.lifetime = lifetime
    }
}

/// The scheduler of `observe(on:)` and what it is, in its storage's tail.
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
}

/// A scheduler whose clock is virtual (``VirtualTimeScheduler``, RxLiteTest's `TestScheduler`): `observe(on:)`
/// delivers one event per scheduled action on it, so that tests see RxSwift's timestamps.
package protocol VirtualClockScheduling {}

extension VirtualTimeScheduler: VirtualClockScheduling {}

/// Whether `observe(on:)` delivers one event per scheduled action on `scheduler` (see ``ObserveOnStorage/drain()``).
func deliversOneEventPerAction(on scheduler: any ImmediateSchedulerType) -> Bool {
    scheduler is any VirtualClockScheduling
}
