/// The logic of a ``SubjectHub``, without its lock and without calling anyone: which events it accepts, when a
/// subscriber is attached, replayed to or dropped, and which thread performs what (through its ``Drain``). Every
/// transition runs holding the hub's lock and returns what the hub then does after releasing it. The hub's memory
/// (what the subject replays), its observer list and the drain's state word are the hub's, handed to each
/// transition that needs them; the rest of the state is here.
///
/// Invariants (debug builds check them after every transition):
/// - `isReplaying` is `!replaying.isEmpty`.
/// - When no thread is emitting, a subject that ended or was disposed lists no observers: the end's delivery, or
///   the disposal, took them all.
/// - The drain's own (see ``Drain``).
///
/// Generic over the element type only, not over the memory, whose type each transition that needs it takes: a struct
/// whose fields depend on an associated type is laid out through its metadata, a hash-table lookup per hub made.
/// The transitions a hub makes per element or per subscription are inlined into it: a method of a generic struct
/// takes the struct's metadata, which unspecialized code looks up at each call (a class method reads its own from
/// the object), so a call from the hub into the machine cost a hash-table search per subscription.
struct SubjectHubStateMachine<Element> {
    typealias Action = HubAction<Element>

    /// What waits for the emitter.
    private var drain = Drain<Action>()
    /// Subscribers whose own thread is replaying to them, before they are attached (see ``SubjectHub``): each a
    /// ``ReplayInProgress`` of `Element`. Held as objects: an empty array of the generic class, made with every hub,
    /// looked up that class's metadata.
    private var replaying: [AnyObject] = []
    /// Whether `replaying` holds anything, for the element path: compiled once for every element type, even reading
    /// the array's count looks up its metadata, a hash-table search per element.
    private var isReplaying = false
    /// The accepted end, once there is one. `Event<Never>`, which has a fixed layout, rather than `Event<Element>`:
    /// the hub's `deinit` runs unspecialized and would look up `Optional<Event<Element>>`'s metadata to destroy it.
    private(set) var terminal: Event<Never>?
    /// Set when `dispose()` is accepted, or the owning subject went away.
    private(set) var isDisposed = false

    @inline(__always)
    init() {}

    /// What the thread that sent an element does once it releases the lock.
    enum ElementAction {
        /// Deliver it to the observers: this thread is now the emitter.
        case deliver
        /// Nothing: the element was dropped (the subject ended, or its memory holds it back), or queued for the
        /// thread that is emitting.
        case none
    }

    /// An element arrives, as itself: an `Event` is built only to queue it or copy it to a replay, off the path
    /// where this thread delivers at once (written apart from ``end(_:memory:observers:emitState:)`` for that reason:
    /// no `Action` built when no one else is delivering).
    @inline(__always)
    mutating func element<Memory: SubjectMemory<Element>>(
        next element: Element, memory: inout Memory, emitState: AtomicView<Int>
    ) -> ElementAction {
        guard terminal == nil, !isDisposed, memory.record(element: element) else { return .none }
        if isReplaying { bufferForReplays(next: element) }
        if EmitState.emitterWillLook(emitState) {
            queue(next: element, emitState)
            return .none
        }
        emitState.store(EmitState.emitting, ordering: .relaxed)
        _checkInvariants(emitState)
        return .deliver
    }

    /// The terminal `event` arrives; returns what this thread delivers as the emitter, if it became it.
    @inline(__always)
    mutating func end<Memory: SubjectMemory<Element>>(
        _ event: Event<Element>, memory: inout Memory, observers: inout RegistrationList, emitState: AtomicView<Int>
    ) -> Delivery? {
        guard terminal == nil, !isDisposed else { return nil }
        let forward = memory.record(event)
        terminal = event.terminal
        // A subject that holds elements back (AsyncSubject) releases them with the end.
        let delivered = forward ? nil : memory.replayAfterEnd(event)
        if isReplaying { bufferForReplays(delivered ?? [event]) }
        return admit(.end(event, delivered: delivered), &observers, emitState)
    }

    /// `dispose()` arrives; returns what this thread delivers as the emitter, if it became it.
    @inline(__always)
    mutating func dispose(observers: inout RegistrationList, emitState: AtomicView<Int>) -> Delivery? {
        isDisposed = true
        return admit(.dispose, &observers, emitState)
    }

    /// What a subscribing thread does once it releases the lock.
    enum Arrival {
        /// Nothing more: the emitter attaches the subscriber, or it was dropped.
        case handled
        /// This thread became the emitter: perform `first`, then what queues up.
        case emitting(first: Delivery)
        /// Send an ended (or disposed) subject's replay to a subscriber that will never be attached.
        case replayUnattached([Event<Element>])
        /// Replay to a subscriber that arrived during a delivery (see ``SubjectHub``), then report each batch done
        /// with ``replayed(_:observers:emitState:)``.
        case replayDuringDelivery([Event<Element>], ReplayInProgress<Element>)

        init(_ first: Delivery?) {
            self = first.map { .emitting(first: $0) } ?? .handled
        }
    }

    /// `registration` subscribes.
    @inline(__always)
    mutating func subscribe<Memory: SubjectMemory<Element>>(
        _ registration: SinkRegistration<Element>, memory: inout Memory, observers: inout RegistrationList,
        emitState: AtomicView<Int>
    ) -> Arrival {
        if isDisposed {
            let error = RxError.disposed(object: "\(Memory.subjectName)<\(Element.self)>")
            return arriveUnattached(registration, [.error(error)], &observers, emitState)
        }
        if let terminal {
            return arriveUnattached(registration, memory.replayAfterEnd(terminal.retyped()), &observers, emitState)
        }
        let replay = memory.replay()
        // Read once: an emitter may stop meanwhile (emitting → idle), which each use below allows for.
        let isEmitting = emitState.load(ordering: .acquiring) != EmitState.idle
        if !isEmitting && replay.isEmpty {
            // What the emitter would do with `.subscribe`, done in this critical section: no one emits and nothing
            // is queued.
            if registration.lifetime.isActive { observers.append(registration) }
            _checkInvariants(emitState, observers)
            return .handled
        }
        guard isEmitting && !replay.isEmpty else {
            return Arrival(admit(.subscribe(registration, replay: replay, attach: true), &observers, emitState))
        }
        let inProgress = ReplayInProgress(registration)
        replaying.append(inProgress)
        isReplaying = true
        _checkInvariants(emitState, observers)
        return .replayDuringDelivery(replay, inProgress)
    }

    /// `registration` subscribes to a live subject with nothing to replay while no one delivers (the usual
    /// `PublishSubject` subscriber): attached in this critical section, as ``subscribe(_:memory:observers:emitState:)``
    /// would, without building the replay. Returns `false`, changing nothing, in every other case; the caller then
    /// runs that transition.
    @inline(__always)
    mutating func attachAtOnce(
        _ registration: HubRegistration, hasReplay: Bool, observers: inout RegistrationList, emitState: AtomicView<Int>
    ) -> Bool {
        guard !isDisposed, terminal == nil, !hasReplay, emitState.load(ordering: .acquiring) == EmitState.idle else {
            return false
        }
        if registration.lifetime.isActive { observers.append(registration) }
        _checkInvariants(emitState, observers)
        return true
    }

    /// How a subscriber of an ended (or disposed) subject gets `replay`, which nothing else will reach it after:
    /// through the emitter when none is running (this thread becomes it), else at once.
    @inline(__always)
    private mutating func arriveUnattached(
        _ registration: SinkRegistration<Element>, _ replay: [Event<Element>], _ observers: inout RegistrationList,
        _ emitState: AtomicView<Int>
    ) -> Arrival {
        if emitState.load(ordering: .acquiring) != EmitState.idle { return .replayUnattached(replay) }
        return Arrival(admit(.subscribe(registration, replay: replay, attach: false), &observers, emitState))
    }

    /// What a replaying thread does after each batch.
    enum ReplayStep {
        /// Deliver these, accepted during the last batch.
        case more([Event<Element>])
        /// Submitted for attaching; this thread became the emitter when `first` is not `nil`.
        case attached(first: Delivery?)
        /// The subject ended, or the subscription did, meanwhile: leave the lifetime.
        case leave
    }

    /// The thread replaying to `inProgress` delivered its last batch.
    mutating func replayed(
        _ inProgress: ReplayInProgress<Element>, observers: inout RegistrationList, emitState: AtomicView<Int>
    ) -> ReplayStep {
        if !inProgress.buffer.isEmpty {
            defer { inProgress.buffer = [] }
            return .more(inProgress.buffer)
        }
        replaying.removeAll { $0 === inProgress }
        isReplaying = !replaying.isEmpty
        let registration = inProgress.registration
        guard terminal == nil && !isDisposed && registration.lifetime.isActive else {
            _checkInvariants(emitState, observers)
            return .leave
        }
        return .attached(first: admit(.subscribe(registration, replay: [], attach: true), &observers, emitState))
    }

    /// `registration`'s subscription ended. Returns whether the caller releases the hub's retain of it now (it was
    /// listed, and this thread took it out); it is otherwise queued for the emitter, or was never listed.
    ///
    /// Free of `Action` and `Delivery` until a removal has to queue: it runs unspecialized (through
    /// `any Disposable`), where building either looks up its generic metadata.
    @inline(__always)
    mutating func remove(
        _ registration: HubRegistration, observers: inout RegistrationList, emitState: AtomicView<Int>
    ) -> Bool {
        if EmitState.emitterWillLook(emitState) {
            queueRemoval(registration, emitState)
            return false
        }
        return observers.remove(registration)
    }

    /// The part of an action that the emitter performs outside the lock: it calls observers or releases them.
    enum Delivery {
        /// Feed an accepted element to the observers.
        case event(Event<Element>)
        /// Feed the accepted end to the observers and let them go (see `Action.end`).
        case end(Event<Element>, delivered: [Event<Element>]?)
        /// Send `replay` to a subscriber; then, for one that was not attached, leave its lifetime.
        case replay([Event<Element>], to: SinkRegistration<Element>, leavesLifetime: Bool)
        /// Release the hub's retain of a registration it took out of the observers.
        case release(HubRegistration)
        /// Let every observer go.
        case dispose
    }

    /// As the emitter, once it performed a delivery: starts queued actions until one has a part to perform outside
    /// the lock, and returns that part; when none is left, the thread stops being the emitter (`nil`).
    mutating func nextDelivery(observers: inout RegistrationList, emitState: AtomicView<Int>) -> Delivery? {
        while let action = drain.next(emitState) {
            if let delivery = start(action, &observers) {
                _checkInvariants(emitState, observers)
                return delivery
            }
        }
        _checkInvariants(emitState, observers)
        return nil
    }

    /// As the emitter performing `dispose()`, or in the owning subject's deinit (nothing can reach the hub any more,
    /// so no thread is emitting): marks the hub disposed and returns every observer, taken out of the list.
    @inline(__always)
    mutating func takeObserversForDisposal(_ observers: inout RegistrationList) -> RegistrationList {
        isDisposed = true
        return observers.take()
    }

    /// Queues `action` for the emitter, or makes this thread the emitter and starts it; returns what this thread
    /// then delivers outside the lock (`nil`: nothing, and it is no longer the emitter).
    @inline(__always)
    private mutating func admit(
        _ action: Action, _ observers: inout RegistrationList, _ emitState: AtomicView<Int>
    ) -> Delivery? {
        guard drain.admit(action, emitState) else {
            _checkInvariants(emitState, observers)
            return nil
        }
        if let delivery = start(action, &observers) {
            _checkInvariants(emitState, observers)
            return delivery
        }
        return nextDelivery(observers: &observers, emitState: emitState)
    }

    /// As the emitter: performs the part of `action` that changes the state (only the emitter changes the observer
    /// list) and returns the part to perform outside the lock, if any.
    @inline(__always)
    private func start(_ action: Action, _ observers: inout RegistrationList) -> Delivery? {
        switch action {
        case .event(let event):
            return .event(event)
        case .end(let event, let delivered):
            return .end(event, delivered: delivered)
        case .subscribe(let registration, let replay, let attach):
            // A registration disposed before it was attached is dropped; see the hub's invariants.
            guard registration.lifetime.isActive else { return nil }
            if attach { observers.append(registration) }
            if replay.isEmpty { return nil }
            return .replay(replay, to: registration, leavesLifetime: !attach)
        case .remove(let registration):
            return observers.remove(registration) ? .release(registration) : nil
        case .dispose:
            return .dispose
        }
    }

    /// Copies one element just accepted to every subscriber still replaying. Out of line, as ``queue(_:_:)``.
    @inline(never)
    private func bufferForReplays(next element: Element) { bufferForReplays([.next(element)]) }

    /// Copies events just accepted to every subscriber still replaying.
    private func bufferForReplays(_ events: [Event<Element>]) {
        for inProgress in replaying { (inProgress as! ReplayInProgress<Element>).buffer.append(contentsOf: events) }
    }

    /// Queues an element for the thread that is emitting. Out of line so that the element path, compiled once for
    /// every element type, does not look up the metadata of `Action` (and of an array of events) per element when
    /// it needs neither: a hash-table search each.
    @inline(never)
    private mutating func queue(_ event: Event<Element>, _ emitState: AtomicView<Int>) {
        drain.enqueue(.event(event))
        _checkInvariants(emitState)
    }

    /// Queues an element for the thread that is emitting (see ``queue(_:_:)``).
    @inline(never)
    private mutating func queue(next element: Element, _ emitState: AtomicView<Int>) {
        drain.enqueue(.event(.next(element)))
        _checkInvariants(emitState)
    }

    /// Queues a removal for the emitter. Out of line, for the reason ``remove(_:observers:emitState:)`` gives.
    @inline(never)
    private mutating func queueRemoval(_ registration: HubRegistration, _ emitState: AtomicView<Int>) {
        drain.enqueue(.remove(registration))
        _checkInvariants(emitState)
    }

    /// Debug builds, holding the hub's lock: traps unless the state keeps the invariants the type states (those
    /// about the observers when they are given).
    func _checkInvariants(_ emitState: AtomicView<Int>, _ observers: RegistrationList? = nil) {
        #if DEBUG
            precondition(isReplaying == !replaying.isEmpty, "Internal inconsistency: a hub's replay flag is stale")
            drain._checkInvariants(emitState)
            guard let observers else { return }
            if emitState.load(ordering: .acquiring) == EmitState.idle && (terminal != nil || isDisposed) {
                precondition(observers.count == 0, "Internal inconsistency: an ended hub lists observers while idle")
            }
        #endif
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
