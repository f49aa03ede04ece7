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
        return Observable { sink, lifetime, _ in
            let state = ObserveOnStorage(scheduler: scheduler, sink: sink, lifetime: lifetime)
            lifetime.insert(state)
            // A child lifetime: the end waits for the scheduler, the source need not (rule 4).
            source.subscribeChild(of: lifetime, state.on)
        }
    }
}

/// The state of `observe(on:)`: events waiting to be delivered on the scheduler.
///
/// Invariants: at most one drain is scheduled at a time (`isDraining`); the drain delivers events in arrival order
/// and checks the lifetime before each; events arriving after a terminal one are dropped.
final class ObserveOnStorage<Element>: Disposable, @unchecked Sendable {
    /// The word of `lock`, in this object's own memory rather than a heap cell of its own (see
    /// ``InlineWord``): one allocation fewer. Must stay the first stored property.
    var words = InlineWord()
    let live = LiveResource()
    let scheduler: any ImmediateSchedulerType
    /// `scheduler` when it is a ``MainScheduler``, which can say ahead whether it would run an action at once.
    let mainScheduler: MainScheduler?
    let sink: EventSink<Element>
    let lifetime: Lifetime
    /// The scheduler's clock is virtual (see ``drain()``).
    let deliversOneEventPerAction: Bool
    var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`.
    @exclusivity(unchecked) var queue: [Event<Element>] = []
    @exclusivity(unchecked) var spare: [Event<Element>] = []
    /// Whether `queue` holds anything. The element path reads this flag, not the array: compiled once for every
    /// element type, `queue.isEmpty` looked up the array's metadata and conformance per event.
    @exclusivity(unchecked) var hasQueued = false
    @exclusivity(unchecked) var isDraining = false
    @exclusivity(unchecked) var isStopped = false
    @exclusivity(unchecked) var scheduledDrain: (any Disposable)?

    init(scheduler: any ImmediateSchedulerType, sink: @escaping EventSink<Element>, lifetime: Lifetime) {
        self.scheduler = scheduler
        mainScheduler = scheduler as? MainScheduler
        deliversOneEventPerAction = RxLite.deliversOneEventPerAction(on: scheduler)
        self.sink = sink
        self.lifetime = lifetime
        assertFirstStoredProperty(of: self, &words)
    }

    func on(_ event: Event<Element>) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent { isStopped = true }
        if !isDraining, let mainScheduler, mainScheduler.runsActionsInlineNow {
            // What scheduling a drain would do at once, without the queue and the scheduled action: a Driver's
            // events that already arrive on the main queue (a relay fed from the UI) cost no scheduling.
            isDraining = true
            lock.unlock()
            if lifetime.isActive { sink(event) }
            drain()
            return
        }
        queue.append(event)
        hasQueued = true
        let needsDrain = !isDraining
        isDraining = true
        lock.unlock()
        if needsDrain { scheduleDrain() }
    }

    /// Schedules one `drain()` on the scheduler; `isDraining` is set.
    func scheduleDrain() {
        let scheduled = scheduler.schedule(self) { state in
            state.drain()
            return Disposables.create()
        }
        lock.withLock { scheduledDrain = scheduled }
        // A dispose that ran before the handle was stored could not cancel it.
        if lifetime.isDisposed { dispose() }
    }

    /// Cancels a pending delivery; part of the subscription's lifetime.
    func dispose() {
        let scheduled = lock.withLock { () -> (any Disposable)? in
            queue.removeAll()
            hasQueued = false
            spare = []
            let scheduled = scheduledDrain
            scheduledDrain = nil
            return scheduled
        }
        scheduled?.dispose()
    }

    /// Delivers the queue in batches until it is empty. The batch and the queue trade buffers (`spare`), so a
    /// steady stream reuses two buffers instead of allocating one per batch. On a virtual-time scheduler, delivers
    /// one event and schedules the next delivery, as RxSwift does on every scheduler that is not a serial dispatch
    /// queue: a test's timestamps then match RxTest's (events queued together reach the observer one tick apart on
    /// a `TestScheduler`, which runs work scheduled for now a tick later).
    func drain() {
        if deliversOneEventPerAction { return drainOne() }
        while true {
            lock.lock()
            if drainIsOver() {
                lock.unlock()
                return
            }
            var batch = spare
            spare = []
            swap(&batch, &queue)
            hasQueued = false
            lock.unlock()
            for event in batch {
                guard lifetime.isActive else { break }
                sink(event)
            }
            batch.removeAll(keepingCapacity: true)
            lock.lock()
            spare = batch
            lock.unlock()
        }
    }

    /// Holding `lock`: whether the drain is over (nothing queued, or the subscription ended); if so, drops what an
    /// ended subscription still had queued and clears `isDraining`.
    func drainIsOver() -> Bool {
        if !lifetime.isActive {
            queue.removeAll()
            hasQueued = false
        } else if hasQueued {
            return false
        }
        isDraining = false
        return true
    }

    /// `drain()` on a virtual-time scheduler: one event per scheduled action.
    func drainOne() {
        lock.lock()
        if drainIsOver() {
            lock.unlock()
            return
        }
        let event = queue.removeFirst()
        hasQueued = !queue.isEmpty
        lock.unlock()
        sink(event)
        if !lock.withLock({ drainIsOver() }) { scheduleDrain() }
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
