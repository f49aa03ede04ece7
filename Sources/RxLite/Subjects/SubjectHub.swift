/// The shared engine of every subject and relay: a list of observers, fed one event at a time, in order.
///
/// Invariants:
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
final class SubjectHub<Memory: SubjectMemory>: LockedBuffer<Memory>, RegistrationOwner {
    typealias Element = Memory.Element

    typealias Registration = SinkRegistration<Element>

    typealias Action = HubAction<Element>

    /// A hub for a subject that remembers with `memory`. The tail: the lock, the drain's ``EmitState``, the
    /// observers, then the other ``HubFields``; the header is the memory.
    static func make(memory: Memory) -> SubjectHub {
        let hub = make(words: fieldsWord + tailWords(for: HubFields<Element>.self), state: memory)
        hub.placeFields(HubFields<Element>(), at: fieldsWord)
        return hub
    }

    /// Where the ``HubFields`` start: after the lock, the drain's state and the observers.
    @inline(__always)
    static var fieldsWord: Int { 2 + tailWords(for: RegistrationList.self) }

    /// The hub's fields but the observers and the memory, guarded by the lock.
    @inline(__always)
    var fields: UnsafeMutablePointer<HubFields<Element>> { fields(at: Self.fieldsWord, as: HubFields<Element>.self) }

    /// The observers, guarded by the lock; only the emitter changes the list (see the type's invariants). Zeroed
    /// words are an empty list, and the list holds nothing Swift releases (its registrations are retained by hand),
    /// so it needs no placing.
    @inline(__always)
    var observers: UnsafeMutablePointer<RegistrationList> { word(2).assumingMemoryBound(to: RegistrationList.self) }

    /// Runs `body` on the hub's fields and its memory, holding the lock.
    @inline(__always)
    func locked<Result>(_ body: (inout HubFields<Element>, inout Memory) throws -> Result) rethrows -> Result {
        let lock = lock
        lock.lock()
        defer { lock.unlock() }
        return try body(&fields.pointee, &state.pointee)
    }

    /// The drain's ``EmitState``: whether a thread is delivering, and whether anything was queued for it since it
    /// last looked.
    @inline(__always)
    var emitState: AtomicView<Int> { atomic(1) }

    deinit {
        observers.pointee.releaseAll()
        removeFields(at: Self.fieldsWord, as: HubFields<Element>.self)
    }

    /// Accepts one event and feeds it to every observer. Elements, the hot path, are written out rather than going
    /// through ``submit(_:)``: an early exit when nothing queued up, and no `Action` built.
    func on(_ event: Event<Element>) {
        guard case .next = event else {
            end(event)
            return
        }
        let fields = fields
        lock.lock()
        guard fields.pointee.terminal == nil, !fields.pointee.isDisposed, state.pointee.record(event) else {
            lock.unlock()
            return
        }
        if fields.pointee.isReplaying { bufferForReplaysHoldingLock(event) }
        if EmitState.emitterWillLook(emitState) {
            queueHoldingLock(event)
            lock.unlock()
            return
        }
        emitState.store(EmitState.emitting, ordering: .relaxed)
        lock.unlock()
        deliver(event)
        if EmitState.stop(emitState) { return }
        deliverQueued()
    }

    /// Accepts a terminal event (see ``on(_:)``).
    func end(_ event: Event<Element>) {
        submit { state, memory in
            guard state.terminal == nil, !state.isDisposed else { return nil }
            let forward = memory.record(event)
            state.terminal = event.terminal
            // A subject that holds elements back (AsyncSubject) releases them with the end.
            let delivered = forward ? nil : memory.replayAfterEnd(event)
            if state.isReplaying { state.bufferForReplays(delivered ?? [event]) }
            return .end(event, delivered: delivered)
        }
    }

    /// Subscribes `sink` for the lifetime `lifetime`.
    func subscribe(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
        let registration = Registration(sink: sink, lifetime: lifetime, owner: self)
        // Into the lifetime first, so that the key is known before the hub can see the registration; a disposed
        // lifetime disposes it at once, which finds nothing to remove.
        guard let key = lifetime.insert(object: registration) else { return }
        registration.keyInLifetime = key
        let emitState = emitState
        let arrival = locked { state, memory -> Arrival in
            if state.isDisposed {
                let error = RxError.disposed(object: "\(Memory.subjectName)<\(Element.self)>")
                return arriveUnattached(registration, [.error(error)], &state)
            }
            if let terminal = state.terminal {
                return arriveUnattached(registration, memory.replayAfterEnd(terminal.retyped()), &state)
            }
            let replay = memory.replay()
            // Read once: an emitter may stop meanwhile (emitting → idle), which each use below allows for.
            let isEmitting = emitState.load(ordering: .acquiring) != EmitState.idle
            if !isEmitting && replay.isEmpty {
                // What the emitter would do with `.subscribe`, done in this critical section: no one emits and
                // nothing is queued.
                if registration.lifetime.isActive { observers.pointee.append(registration) }
                return .handled
            }
            guard isEmitting && !replay.isEmpty else {
                return Arrival(admit(.subscribe(registration, replay: replay, attach: true), &state))
            }
            let inProgress = ReplayInProgress(registration)
            state.replaying.append(inProgress)
            state.isReplaying = true
            return .replayDuringDelivery(replay, inProgress)
        }
        switch arrival {
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

    /// What a subscribing thread does once it leaves the lock.
    enum Arrival {
        /// Nothing more: the emitter attaches the subscriber, or it was dropped.
        case handled
        /// This thread became the emitter: perform `first`, then what queues up.
        case emitting(first: Delivery)
        /// Send an ended (or disposed) subject's replay to a subscriber that will never be attached.
        case replayUnattached([Event<Element>])
        /// Replay to a subscriber that arrived during a delivery (see the type's invariants).
        case replayDuringDelivery([Event<Element>], ReplayInProgress<Element>)

        init(_ first: Delivery?) {
            self = first.map { .emitting(first: $0) } ?? .handled
        }
    }

    /// Holding the lock: how a subscriber of an ended (or disposed) subject gets `replay`, which nothing else will
    /// reach it after: through the emitter when none is running (this thread becomes it), else at once.
    func arriveUnattached(
        _ registration: Registration, _ replay: [Event<Element>], _ state: inout HubFields<Element>
    ) -> Arrival {
        if emitState.load(ordering: .acquiring) != EmitState.idle { return .replayUnattached(replay) }
        return Arrival(admit(.subscribe(registration, replay: replay, attach: false), &state))
    }

    /// Delivers `replay`, then whatever was accepted since, to a subscriber that arrived during a delivery, outside
    /// the lock; then submits it for attaching (see the type's invariants).
    func deliverReplay(_ replay: [Event<Element>], to inProgress: ReplayInProgress<Element>) {
        let registration = inProgress.registration
        var batch = replay
        while true {
            HeldLocks.checkNoneHeld("a subject's replay")
            for event in batch where registration.lifetime.isActive { registration.sink(event) }
            let next = locked { state, _ -> ReplayStep in
                if !inProgress.buffer.isEmpty {
                    defer { inProgress.buffer = [] }
                    return .more(inProgress.buffer)
                }
                state.replaying.removeAll { $0 === inProgress }
                state.isReplaying = !state.replaying.isEmpty
                guard state.terminal == nil && !state.isDisposed && registration.lifetime.isActive else {
                    return .leave
                }
                return .attached(first: admit(.subscribe(registration, replay: [], attach: true), &state))
            }
            switch next {
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

    /// What ``deliverReplay(_:to:)`` does after each batch.
    enum ReplayStep {
        /// Deliver these, accepted during the last batch.
        case more([Event<Element>])
        /// Submitted for attaching; this thread became the emitter when `first` is not `nil`.
        case attached(first: Delivery?)
        /// The subject ended, or the subscription did, meanwhile: leave the lifetime.
        case leave
    }

    /// ``HubFields/bufferForReplays(_:)`` of one element, holding the lock. Out of line, as ``queueHoldingLock(_:)``.
    @inline(never)
    func bufferForReplaysHoldingLock(_ event: Event<Element>) { fields.pointee.bufferForReplays([event]) }

    /// Holding the lock: queues an element for the thread that is emitting. Out of line so that the element path
    /// of ``on(_:)``, compiled once for every element type, does not look up the metadata of `Action` (and of an
    /// array of events) per element when it needs neither: a hash-table search each.
    @inline(never)
    func queueHoldingLock(_ event: Event<Element>) { fields.pointee.drain.enqueue(.event(event)) }

    /// Runs `decide` holding the lock; the action it returns is performed now, by this thread as the emitter, or
    /// queued for the thread that is emitting (see the type's invariants).
    func submit(_ decide: (inout HubFields<Element>, inout Memory) -> Action?) {
        let first = locked { state, memory in decide(&state, &memory).flatMap { admit($0, &state) } }
        if let first { emit(from: first) }
    }

    /// Holding the lock: queues `action` for the emitter, or makes this thread the emitter and starts it; returns
    /// what this thread then delivers outside the lock (`nil`: nothing, and it is no longer the emitter).
    func admit(_ action: Action, _ state: inout HubFields<Element>) -> Delivery? {
        guard state.drain.admit(action, emitState) else { return nil }
        return start(action, &state) ?? nextDelivery(&state)
    }

    /// Removes `registration` (when its subscription ends).
    func remove(_ registration: HubRegistration) {
        lock.lock()
        if EmitState.emitterWillLook(emitState) {
            queueRemoval(registration)
            lock.unlock()
            return
        }
        let removed = observers.pointee.remove(registration)
        lock.unlock()
        if removed { Unmanaged.passUnretained(registration).release() }
    }

    /// Holding the lock: queues a removal for the emitter. Kept out of `remove`, which runs unspecialized (through
    /// `any Disposable`): building an `Action` needs its generic metadata, a lookup `remove` would otherwise pay on
    /// every call.
    @inline(never)
    func queueRemoval(_ registration: HubRegistration) {
        fields.pointee.drain.enqueue(.remove(registration))
    }

    /// Whether anyone is subscribed now.
    var hasObservers: Bool { locked { _, _ in observers.pointee.count > 0 } }

    /// The part of an action that the emitter performs outside the lock: it calls observers or releases them.
    enum Delivery {
        /// Feed an accepted element to the observers.
        case event(Event<Element>)
        /// Feed the accepted end to the observers and let them go (see `Action.end`).
        case end(Event<Element>, delivered: [Event<Element>]?)
        /// Send `replay` to a subscriber; then, for one that was not attached, leave its lifetime.
        case replay([Event<Element>], to: Registration, leavesLifetime: Bool)
        /// Release the hub's retain of a registration it took out of `observers`.
        case release(HubRegistration)
        /// Let every observer go.
        case dispose
    }

    /// Holding the lock, as the emitter: performs the part of `action` that changes the hub's state (only the
    /// emitter changes `observers`) and returns the part to perform outside the lock, if any.
    func start(_ action: Action, _ state: inout HubFields<Element>) -> Delivery? {
        switch action {
        case .event(let event):
            return .event(event)
        case .end(let event, let delivered):
            return .end(event, delivered: delivered)
        case .subscribe(let registration, let replay, let attach):
            // A registration disposed before it was attached is dropped; see the type's invariants.
            guard registration.lifetime.isActive else { return nil }
            if attach { observers.pointee.append(registration) }
            if replay.isEmpty { return nil }
            return .replay(replay, to: registration, leavesLifetime: !attach)
        case .remove(let registration):
            return observers.pointee.remove(registration) ? .release(registration) : nil
        case .dispose:
            return .dispose
        }
    }

    /// Holding the lock, as the emitter: starts queued actions until one has a part to perform outside the lock, and
    /// returns that part; when none is left, stops being the emitter and returns `nil` (see ``Drain/next(_:)``).
    func nextDelivery(_ state: inout HubFields<Element>) -> Delivery? {
        while let action = state.drain.next(emitState) {
            if let delivery = start(action, &state) { return delivery }
        }
        return nil
    }

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
            guard let next = locked({ state, _ in nextDelivery(&state) }) else { return }
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
        observers.pointee.forEach(as: Registration.self) { registration in
            if registration.lifetime.isActive { registration.sink(event) }
        }
    }

    /// As the emitter, without the lock: delivers the accepted end and lets every observer go.
    func deliverEnd(_ event: Event<Element>, _ delivered: [Event<Element>]?) {
        var targets = locked { _, _ in observers.pointee.take() }
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
    /// (nothing can reach the hub through the subject any more, so no thread is emitting). Kept free of `Action`,
    /// whose generic metadata an unspecialized deinit would look up.
    func releaseObservers() {
        var released = locked { state, _ in
            state.isDisposed = true
            return observers.pointee.take()
        }
        released.releaseAll()
    }

    /// Ends the subject: observers are released and later subscribers get `RxError.disposed`. Accepted at once:
    /// events sent after this returns are dropped.
    func dispose() {
        submit { state, _ in
            state.isDisposed = true
            return .dispose
        }
    }
}

/// What a ``SubjectHub`` does for a subject, queued in its drain while another thread delivers.
enum HubAction<Element> {
    /// Deliver an accepted element to the current observers.
    case event(Event<Element>)
    /// Deliver the accepted end: `delivered` is what each observer gets instead of the terminal event alone
    /// (an AsyncSubject's last element and its completion), `nil` for the terminal event as is.
    case end(Event<Element>, delivered: [Event<Element>]?)
    /// Add a subscriber (unless `attach` is false: the subject had ended) and send it `replay`.
    case subscribe(SinkRegistration<Element>, replay: [Event<Element>], attach: Bool)
    case remove(HubRegistration)
    case dispose
}

/// What a ``SubjectHub`` keeps beside its memory and its observers, guarded by its lock: in the tail of its buffer,
/// a struct of fixed layout whatever the element type (see ``LockedBuffer``).
struct HubFields<Element> {
    let live = LiveResource()
    /// What waits for the emitter.
    var drain = Drain<HubAction<Element>>()
    /// Subscribers whose own thread is replaying to them, before they are attached (see the hub's invariants).
    var replaying: [ReplayInProgress<Element>] = []
    /// Whether `replaying` holds anything, for the element path: compiled once for every element type, even reading
    /// the array's count looks up its metadata, a hash-table search per element. Kept equal to `!replaying.isEmpty`
    /// at every change of `replaying`.
    var isReplaying = false
    /// The accepted end, once there is one. `Event<Never>`, which has a fixed layout, rather than `Event<Element>`:
    /// the hub's `deinit` runs unspecialized and would look up `Optional<Event<Element>>`'s metadata to destroy it.
    var terminal: Event<Never>?
    /// Set when `dispose()` is accepted.
    var isDisposed = false

    @inline(__always)
    init() {}

    /// Copies events just accepted to every subscriber still replaying.
    func bufferForReplays(_ events: [Event<Element>]) {
        for inProgress in replaying { inProgress.buffer.append(contentsOf: events) }
    }
}
