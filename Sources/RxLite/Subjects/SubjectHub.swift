/// The shared engine of every subject and relay: a list of observers, fed one event at a time, in order.
///
/// Invariants:
/// - What the subject remembers (`memory`, `terminal`, `isDisposed`) changes when an event, or `dispose()`, is
///   *accepted*, under the lock, before `on(_:)` returns: `BehaviorSubject.value()` and `BehaviorRelay.value` are
///   the latest accepted element on every thread, also inside an observer of the same subject.
/// - At most one thread, the *emitter*, delivers events at any moment (`isEmitting`). A delivery, subscription,
///   removal or disposal that arrives while another thread (or the emitter itself, reentrantly) is delivering waits
///   in `pending` and is handled by the emitter in arrival order. So observers never see overlapping calls, even with
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
@usableFromInline
final class SubjectHub<Memory: SubjectMemory>: RegistrationOwner, @unchecked Sendable {
    /// The word of `lock`, in this object's own memory (see ``InlineWord``): one allocation fewer for every subject.
    /// Must stay the first stored property.
    @usableFromInline
    var lockWord = InlineWord()
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    typealias Element = Memory.Element

    @usableFromInline
    typealias Registration = SinkRegistration<Element>

    @usableFromInline
    enum Action {
        /// Deliver an accepted element to the current observers.
        case event(Event<Element>)
        /// Deliver the accepted end: `delivered` is what each observer gets instead of the terminal event alone
        /// (an AsyncSubject's last element and its completion), `nil` for the terminal event as is.
        case end(Event<Element>, delivered: [Event<Element>]?)
        /// Add a subscriber (unless `attach` is false: the subject had ended) and send it `replay`.
        case subscribe(Registration, replay: [Event<Element>], attach: Bool)
        case remove(HubRegistration)
        case dispose
    }

    @usableFromInline
    var lock: LockWord { LockWord(word: 0, of: self) }
    // Everything below is guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var memory: Memory
    @usableFromInline
    @exclusivity(unchecked) var observers = RegistrationList()
    @usableFromInline
    @exclusivity(unchecked) var isEmitting = false
    @usableFromInline
    @exclusivity(unchecked) var pending: [Action] = []
    @usableFromInline
    @exclusivity(unchecked) var pendingHead = 0
    /// Subscribers whose own thread is replaying to them, before they are attached (see the type's invariants).
    @usableFromInline
    @exclusivity(unchecked) var replaying: [ReplayInProgress<Element>] = []
    /// The accepted end, once there is one. `Event<Never>`, which has a fixed layout, rather than `Event<Element>`:
    /// the hub's `deinit` runs unspecialized and would look up `Optional<Event<Element>>`'s metadata to destroy it.
    @usableFromInline
    @exclusivity(unchecked) var terminal: Event<Never>?
    /// Set when `dispose()` is accepted.
    @usableFromInline
    @exclusivity(unchecked) var isDisposed = false

    @inlinable
    init(memory: Memory) {
        self.memory = memory
        assertFirstStoredProperty(of: self, &lockWord)
    }

    deinit {
        observers.releaseAll()
    }

    /// Accepts one event and feeds it to every observer: ``submit(_:)`` written out for elements, the hot path, with
    /// an early exit when nothing queued up. Going through `submit` cost 10% more instructions per event
    /// (PublishSubjectPumping 206 -> 229).
    @inlinable
    func on(_ event: Event<Element>) {
        lock.lock()
        guard terminal == nil, !isDisposed else {
            lock.unlock()
            return
        }
        let forward = memory.record(event)
        guard case .next = event else {
            terminal = event.terminal
            // A subject that holds elements back (AsyncSubject) releases them with the end.
            let delivered = forward ? nil : memory.replayAfterEnd(event)
            if !replaying.isEmpty { bufferForReplays(delivered ?? [event]) }
            submitLocked(.end(event, delivered: delivered))
            return
        }
        guard forward else {
            lock.unlock()
            return
        }
        if !replaying.isEmpty { bufferForReplays([event]) }
        if isEmitting {
            pending.append(.event(event))
            lock.unlock()
            return
        }
        isEmitting = true
        deliverLocked(event)
        if pendingHead == pending.count {
            isEmitting = false
            lock.unlock()
            return
        }
        runPending()
    }

    /// Subscribes `sink` for the lifetime `lifetime`.
    @inlinable
    func subscribe(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
        let registration = Registration(sink: sink, lifetime: lifetime, owner: self)
        // Into the lifetime first, so that the key is known before the hub can see the registration; a disposed
        // lifetime disposes it at once, which finds nothing to remove.
        guard let key = lifetime.insert(registration) else { return }
        registration.keyInLifetime = key
        lock.lock()
        if isDisposed {
            let error = RxError.disposed(object: "\(Memory.subjectName)<\(Element.self)>")
            replayToUnattached(registration, [.error(error)])
        } else if let terminal {
            replayToUnattached(registration, memory.replayAfterEnd(terminal.retyped()))
        } else {
            let replay = memory.replay()
            guard isEmitting && !replay.isEmpty else {
                submitLocked(.subscribe(registration, replay: replay, attach: true))
                return
            }
            let inProgress = ReplayInProgress(registration)
            replaying.append(inProgress)
            lock.unlock()
            deliverReplay(replay, to: inProgress)
        }
    }

    /// Sends an ended (or disposed) subject's replay to a subscriber that will never be attached, at once: nothing
    /// else will reach it. Entered with the lock held; releases it.
    @inlinable
    func replayToUnattached(_ registration: Registration, _ replay: [Event<Element>]) {
        if !isEmitting {
            submitLocked(.subscribe(registration, replay: replay, attach: false))
            return
        }
        lock.unlock()
        HeldLocks.checkNoneHeld("a subject's replay")
        for event in replay where registration.lifetime.isActive { registration.sink(event) }
        registration.leaveLifetime()
    }

    /// Delivers `replay`, then whatever was accepted since, to a subscriber that arrived during a delivery, outside
    /// the lock; then submits it for attaching (see the type's invariants).
    @inlinable
    func deliverReplay(_ replay: [Event<Element>], to inProgress: ReplayInProgress<Element>) {
        let registration = inProgress.registration
        var batch = replay
        while true {
            HeldLocks.checkNoneHeld("a subject's replay")
            for event in batch where registration.lifetime.isActive { registration.sink(event) }
            lock.lock()
            if !inProgress.buffer.isEmpty {
                batch = inProgress.buffer
                inProgress.buffer = []
                lock.unlock()
                continue
            }
            replaying.removeAll { $0 === inProgress }
            if terminal == nil && !isDisposed && registration.lifetime.isActive {
                submitLocked(.subscribe(registration, replay: [], attach: true))
            } else {
                lock.unlock()
                registration.leaveLifetime()
            }
            return
        }
    }

    /// Copies events just accepted to every subscriber still replaying. Called with the lock held.
    @usableFromInline
    func bufferForReplays(_ events: [Event<Element>]) {
        for inProgress in replaying { inProgress.buffer.append(contentsOf: events) }
    }

    /// Performs `action` now, as the emitter, or queues it for the thread that is emitting (see the type's
    /// invariants).
    @inlinable
    func submit(_ action: Action) {
        lock.lock()
        submitLocked(action)
    }

    /// ``submit(_:)`` entered with the lock held; releases it.
    @inlinable
    func submitLocked(_ action: Action) {
        if isEmitting {
            pending.append(action)
            lock.unlock()
            return
        }
        isEmitting = true
        perform(action)
        runPending()
    }

    /// Removes `registration` (when its subscription ends).
    @usableFromInline
    func remove(_ registration: HubRegistration) {
        lock.lock()
        if isEmitting {
            queueRemoval(registration)
            return
        }
        let removed = observers.remove(registration)
        lock.unlock()
        if removed { Unmanaged.passUnretained(registration).release() }
    }

    /// Kept out of `remove`, which runs unspecialized (through `any Disposable`): building an `Action` needs its
    /// generic metadata, a lookup `remove` would otherwise pay on every call. Releases the lock.
    @inline(never)
    @usableFromInline
    func queueRemoval(_ registration: HubRegistration) {
        pending.append(.remove(registration))
        lock.unlock()
    }

    /// Whether anyone is subscribed now.
    @usableFromInline
    var hasObservers: Bool { lock.withLock { observers.count > 0 } }

    @inlinable
    func perform(_ action: Action) {
        switch action {
        case .event(let event): deliverLocked(event)
        case .end(let event, let delivered): deliverEndLocked(event, delivered)
        case .subscribe(let registration, let replay, let attach): attachLocked(registration, replay, attach)
        case .remove(let registration):
            if observers.remove(registration) {
                lock.unlock()
                Unmanaged.passUnretained(registration).release()
                lock.lock()
            }
        case .dispose: disposeLocked()
        }
    }

    /// Handles everything queued while this thread was emitting; entered with the lock held and `isEmitting` set,
    /// leaves with the lock released and `isEmitting` cleared.
    @inlinable
    func runPending() {
        while pendingHead < pending.count {
            let action = pending[pendingHead]
            pendingHead += 1
            perform(action)
        }
        if !pending.isEmpty {
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
        }
        isEmitting = false
        lock.unlock()
    }

    /// Delivers one accepted element. Entered and left with the lock held; drops it while delivering.
    @inlinable
    func deliverLocked(_ event: Event<Element>) {
        // `observers` cannot change until this thread clears `isEmitting` (see the type's invariants): walked in
        // place, borrowed, after the lock is released.
        lock.unlock()
        HeldLocks.checkNoneHeld("a subject's delivery")
        observers.forEach(as: Registration.self) { registration in
            if registration.lifetime.isActive { registration.sink(event) }
        }
        lock.lock()
    }

    /// Delivers the accepted end and lets every observer go. Entered and left with the lock held.
    @inlinable
    func deliverEndLocked(_ event: Event<Element>, _ delivered: [Event<Element>]?) {
        var targets = observers.take()
        lock.unlock()
        HeldLocks.checkNoneHeld("a subject's delivery of its end")
        targets.forEach(as: Registration.self) { registration in
            guard let delivered else {
                if registration.lifetime.isActive { registration.sink(event) }
                return
            }
            for item in delivered where registration.lifetime.isActive { registration.sink(item) }
        }
        targets.releaseAll()
        lock.lock()
    }

    @inlinable
    func attachLocked(_ registration: Registration, _ replay: [Event<Element>], _ attach: Bool) {
        // A registration disposed before it was attached is dropped; see the type's invariants.
        guard registration.lifetime.isActive else { return }
        if attach { observers.append(registration) }
        if replay.isEmpty { return }
        lock.unlock()
        HeldLocks.checkNoneHeld("a subject's replay")
        for event in replay where registration.lifetime.isActive { registration.sink(event) }
        // A subscriber of an ended subject is never attached: nothing of the hub's needs to stay in its lifetime.
        if !attach { registration.leaveLifetime() }
        lock.lock()
    }

    @inlinable
    func disposeLocked() {
        // As the emitter, this thread alone changes `observers`; releasing them takes the lock on its own.
        lock.unlock()
        releaseObservers()
        lock.lock()
    }

    /// Lets every observer go and marks the hub disposed: for `dispose()` (as the emitter) and for a subject's deinit
    /// (nothing can reach the hub through the subject any more, so no thread is emitting). Kept free of `Action`,
    /// whose generic metadata an unspecialized deinit would look up.
    @usableFromInline
    func releaseObservers() {
        lock.lock()
        isDisposed = true
        var released = observers.take()
        lock.unlock()
        released.releaseAll()
    }

    /// Ends the subject: observers are released and later subscribers get `RxError.disposed`. Accepted at once:
    /// events sent after this returns are dropped.
    @inlinable
    func dispose() {
        lock.lock()
        isDisposed = true
        submitLocked(.dispose)
    }
}
