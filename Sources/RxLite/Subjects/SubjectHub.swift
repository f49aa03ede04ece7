/// The shared engine of every subject and relay: a list of observers, fed one event at a time, in order.
///
/// Invariants (its ``SubjectHubStateMachine`` checks in debug builds what of them the state shows, after every
/// transition; the orders between threads are tested on every interleaving of a small model):
/// - What the subject remembers (`memory`, `terminal`, `isDisposed`) changes when an event, or `dispose()`, is
///   *accepted*, under the lock, before `on(_:)` returns: `BehaviorSubject.value()` and `BehaviorRelay.value` are
///   the latest accepted element on every thread, also inside an observer of the same subject.
/// - At most one thread, the *emitter*, delivers events at any moment (its ``Drain``: the emitter stops with one
///   compare-and-swap, without the lock, unless something was queued). A delivery, subscription, removal or
///   disposal that arrives while another thread (or the emitter itself, reentrantly) is delivering waits in the
///   drain and is handled by the emitter in arrival order. So observers never see overlapping calls, even with
///   concurrent producers, and an observer that feeds its own subject sees that event after its current call.
/// - A subscriber's replay is taken from `memory` when it subscribes, in one critical section: it sees, through the
///   replay, exactly the events accepted before it, and receives exactly the ones accepted after it, each once and
///   in order.
/// - A replay arrives during `subscribe`, never while the lock is held (RxSwift's #2713 fix). When no one is
///   emitting, the subscribing thread becomes the emitter, attaches the subscriber and replays. When a delivery is
///   under way (on another thread, or on this one: a subscription from inside an observer), the subscriber goes on
///   `replaying`, its thread replays the snapshot at once, while `on(_:)` copies each event accepted meanwhile into
///   that subscriber's buffer; its thread delivers the buffer until it finds it empty, and only then (under the
///   lock) is the subscriber submitted for attaching, after which the emitter feeds it like any other. Until then
///   no other thread calls its sink. A subscriber of an ended or disposed subject is never attached, so its thread
///   replays at once in every case.
/// - Only the emitter changes `observers`, and only with the lock held; so while it delivers (lock released) it
///   walks the list in place, without copying it or retaining anything in it.
/// - The lock is never held while an observer runs, nor while a registration is released.
/// - After a terminal event is delivered the observer list is empty; later subscribers get the replay and the
///   terminal event at once.
/// - A registration whose lifetime is disposed is never added, and is removed when its lifetime ends.
/// - Ownership: the hub holds its registrations, a registration holds its subscription's lifetime, its sink and the
///   hub. When the hub lets a registration go for its own reasons (the end, `dispose()`, the owning subject going
///   away), it also takes it out of the subscription's lifetime, so no cycle remains: a subject nobody references
///   (its `asObservable()` sequences hold the subject, as in RxSwift) releases its observers in its deinit, and is
///   freed with its subscriptions and whatever their handlers capture.
///
/// The hub's memory (what the subject remembers, its observers, its machine, its lock) is a ``SubjectHubBuffer``
/// (`Primitives/`); `SubjectHub` is that buffer, with the hub's logic here.
typealias SubjectHub<Memory: SubjectMemory> = SubjectHubBuffer<Memory>

extension SubjectHubBuffer: RegistrationOwner {
    typealias Element = Memory.Element

    typealias Registration = SinkRegistration<Element>

    typealias Delivery = Machine.Delivery

    /// Accepts one event and feeds it to every observer.
    func on(_ event: Event<Element>) {
        guard case .next(let element) = event else {
            end(event)
            return
        }
        on(next: element)
    }

    /// ``on(_:)`` for an element that arrives as itself (a subject's `onNext`, a relay's `accept`): delivered as the
    /// element, with no `Event` built unless it waits for another thread's delivery.
    func on(next element: Element) {
        // A local function marked always-inline, not a closure: a closure in this generic code stayed a call per
        // element.
        @inline(__always)
        func accept(
            _ machine: inout Machine, _ memory: inout Memory, _: inout RegistrationList, _ emitState: AtomicView<Int>
        ) -> Machine.ElementAction {
            machine.element(next: element, memory: &memory, emitState: emitState)
        }
        guard case .deliver = locked(accept) else { return }
        deliver(next: element)
        if EmitState.stop(emitState) { return }
        deliverQueued()
    }

    /// Accepts a terminal event (see ``on(_:)``).
    func end(_ event: Event<Element>) {
        let first = locked { $0.end(event, memory: &$1, observers: &$2, emitState: $3) }
        if let first { emit(from: first) }
    }

    /// Subscribes `sink` for the lifetime `lifetime`.
    func subscribe(_ sink: EventSink<Element>, _ lifetime: Lifetime) {
        let registration = Registration(sink: sink, lifetime: lifetime, owner: self)
        // Into the lifetime first, so that the key is known before the hub can see the registration; a disposed
        // lifetime disposes it at once, which finds nothing to remove.
        guard let key = lifetime.insert(object: registration) else { return }
        registration.keyInLifetime = key
        // Local functions marked always-inline, not closures: a closure in this generic code stayed a call.
        @inline(__always)
        func attach(
            _ machine: inout Machine, _ memory: inout Memory, _ observers: inout RegistrationList,
            _ emitState: AtomicView<Int>
        ) -> Bool {
            machine.attachAtOnce(registration, hasReplay: memory.hasReplay, observers: &observers, emitState: emitState)
        }
        let attached = locked(attach)
        if !attached { subscribeWithReplay(registration) }
    }

    /// The rest of ``subscribe(_:_:)``, for a subscriber that gets a replay or arrives while another thread delivers
    /// (or after the end). Out of line: the actions it handles carry events, whose metadata the common path, inlined
    /// with it, looked up on every subscription.
    @inline(never)
    func subscribeWithReplay(_ registration: Registration) {
        switch locked({ $0.subscribe(registration, memory: &$1, observers: &$2, emitState: $3) }) {
        case .handled:
            break
        case .emitting(let first):
            emit(from: first)
        case .replayUnattached(let replay):
            HeldLocks.checkNoneHeld("a subject's replay")
            for event in replay where registration.lifetime.isActive { registration.sink(event) }
            registration.leaveLifetime()
        case .replayDuringDelivery(let replay, let inProgress):
            deliverReplay(replay, to: inProgress)
        }
    }

    /// Delivers `replay`, then whatever was accepted since, to a subscriber that arrived during a delivery, outside
    /// the lock; then submits it for attaching (see the type's invariants).
    func deliverReplay(_ replay: [Event<Element>], to inProgress: ReplayInProgress<Element>) {
        let registration = inProgress.registration
        var batch = replay
        while true {
            HeldLocks.checkNoneHeld("a subject's replay")
            for event in batch where registration.lifetime.isActive { registration.sink(event) }
            switch locked({ machine, _, observers, emitState in
                machine.replayed(inProgress, observers: &observers, emitState: emitState)
            }) {
            case .more(let events):
                batch = events
            case .attached(let first):
                if let first { emit(from: first) }
                return
            case .leave:
                registration.leaveLifetime()
                return
            }
        }
    }

    /// Removes `registration` (when its subscription ends).
    func remove(_ registration: HubRegistration) {
        @inline(__always)
        func take(
            _ machine: inout Machine, _: inout Memory, _ observers: inout RegistrationList,
            _ emitState: AtomicView<Int>
        ) -> Bool {
            machine.remove(registration, observers: &observers, emitState: emitState)
        }
        let releases = locked(take)
        if releases { Unmanaged.passUnretained(registration).release() }
    }

    /// Whether anyone is subscribed now.
    var hasObservers: Bool { locked { _, _, observers, _ in observers.count > 0 } }

    /// Whether ``dispose()`` was accepted (or the owning subject went away).
    var isDisposed: Bool { locked { machine, _, _, _ in machine.isDisposed } }

    /// As the emitter, without the lock: performs `first`, then everything queued meanwhile, until nothing is left.
    func emit(from first: Delivery) {
        perform(first)
        if EmitState.stop(emitState) { return }
        deliverQueued()
    }

    /// As the emitter, without the lock, once its stop failed because something was queued: performs what was,
    /// until a stop succeeds or nothing is left. Out of line, as ``SerializedEmitter``'s is: it runs only when
    /// deliveries raced or an observer reentered the subject.
    @inline(never)
    func deliverQueued() {
        repeat {
            guard let next = locked({ $0.nextDelivery(observers: &$2, emitState: $3) }) else { return }
            perform(next)
        } while !EmitState.stop(emitState)
    }

    /// As the emitter, without the lock: performs one delivery.
    func perform(_ delivery: Delivery) {
        switch delivery {
        case .event(let event):
            deliver(event)
        case .end(let event, let delivered):
            deliverEnd(event, delivered)
        case .replay(let replay, let registration, let leavesLifetime):
            HeldLocks.checkNoneHeld("a subject's replay")
            for event in replay where registration.lifetime.isActive { registration.sink(event) }
            // A subscriber of an ended subject is never attached: nothing of the hub's needs to stay in its lifetime.
            if leavesLifetime { registration.leaveLifetime() }
        case .release(let registration):
            Unmanaged.passUnretained(registration).release()
        case .dispose:
            releaseObservers()
        }
    }

    /// As the emitter, without the lock: delivers one accepted element.
    func deliver(_ event: Event<Element>) {
        // `observers` cannot change until this thread stops emitting (see the type's invariants): walked in
        // place, borrowed, without the lock.
        HeldLocks.checkNoneHeld("a subject's delivery")
        forEachObserver { registration in
            if registration.lifetime.isActive { registration.sink(event) }
        }
    }

    /// ``deliver(_:)`` for an element that arrived as itself.
    func deliver(next element: Element) {
        HeldLocks.checkNoneHeld("a subject's delivery")
        forEachObserver { registration in
            if registration.lifetime.isActive { registration.sink.on(next: element) }
        }
    }

    /// As the emitter, without the lock: delivers the accepted end and lets every observer go.
    func deliverEnd(_ event: Event<Element>, _ delivered: [Event<Element>]?) {
        var targets = locked { _, _, observers, _ in observers.take() }
        HeldLocks.checkNoneHeld("a subject's delivery of its end")
        targets.forEach(as: Registration.self) { registration in
            guard let delivered else {
                if registration.lifetime.isActive { registration.sink(event) }
                return
            }
            for item in delivered where registration.lifetime.isActive { registration.sink(item) }
        }
        targets.releaseAll()
    }

    /// Lets every observer go and marks the hub disposed: for `dispose()` (as the emitter) and for a subject's deinit
    /// (nothing can reach the hub through the subject any more, so no thread is emitting). Kept free of `Delivery`,
    /// whose generic metadata an unspecialized deinit would look up.
    func releaseObservers() {
        var released = locked { machine, _, observers, _ in machine.takeObserversForDisposal(&observers) }
        released.releaseAll()
    }

    /// Ends the subject: observers are released and later subscribers get `RxError.disposed`. Accepted at once:
    /// events sent after this returns are dropped.
    func dispose() {
        let first = locked { $0.dispose(observers: &$2, emitState: $3) }
        if let first { emit(from: first) }
    }
}
