/// What a subject remembers and replays: the part that differs between Publish, Behavior, Replay and Async.
///
/// The hub calls every method under its lock, from the thread currently emitting.
@usableFromInline
protocol SubjectMemory<Element> {
    associatedtype Element

    /// Records `event` and says whether current observers receive it as is.
    mutating func record(_ event: Event<Element>) -> Bool

    /// The events a new subscriber receives before anything else (for a live subject).
    func replay() -> [Event<Element>]

    /// The events a subscriber arriving after the end receives, ending with the terminal event.
    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>]

    /// The name of the subject type, for `RxError.disposed`.
    static var subjectName: String { get }
}

/// The shared engine of every subject and relay: a list of observers, fed one event at a time, in order.
///
/// Invariants:
/// - At most one thread, the *emitter*, delivers events at any moment (`isEmitting`). An event, subscription,
///   removal or disposal that arrives while another thread (or the emitter itself, reentrantly) is delivering waits
///   in `pending` and is handled by the emitter in arrival order. So observers never see overlapping calls, even with
///   concurrent producers, and an observer that feeds its own subject sees that event after its current call.
/// - Only the emitter changes `observers`, and only with the lock held; so while it delivers (lock released) it
///   walks the list in place, without copying it or retaining anything in it.
/// - The lock is never held while an observer runs, nor while a registration is released.
/// - After a terminal event the observer list is empty and `terminal` is set; later subscribers get the replay
///   and the terminal event at once.
/// - A registration whose lifetime is disposed is never added, and is removed when its lifetime ends.
@usableFromInline
final class SubjectHub<Memory: SubjectMemory>: @unchecked Sendable {
    @usableFromInline
    typealias Element = Memory.Element

    /// One subscriber: where its events go, and, inserted into its lifetime, what removes it from the hub.
    @usableFromInline
    final class Registration: Disposable {
        @usableFromInline
        let sink: EventSink<Element>
        @usableFromInline
        let lifetime: Lifetime
        @usableFromInline
        let hub: SubjectHub

        @inlinable
        init(sink: @escaping EventSink<Element>, lifetime: Lifetime, hub: SubjectHub) {
            self.sink = sink
            self.lifetime = lifetime
            self.hub = hub
        }

        @inlinable
        func dispose() { hub.remove(self) }
    }

    @usableFromInline
    enum Action {
        case event(Event<Element>)
        case subscribe(Registration)
        case remove(Registration)
        case dispose
    }

    @usableFromInline
    let lock = SpinLock()
    // Everything below is guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var memory: Memory
    @usableFromInline
    @exclusivity(unchecked) var observers = RegistrationList<Registration>()
    @usableFromInline
    @exclusivity(unchecked) var isEmitting = false
    @usableFromInline
    @exclusivity(unchecked) var pending: [Action] = []
    @usableFromInline
    @exclusivity(unchecked) var pendingHead = 0
    @usableFromInline
    @exclusivity(unchecked) var terminal: Event<Element>?
    @usableFromInline
    @exclusivity(unchecked) var isDisposed = false

    @inlinable
    init(memory: Memory) {
        self.memory = memory
        #if DEBUG
            Resources.increment()
        #endif
    }

    deinit {
        observers.releaseAll()
        #if DEBUG
            Resources.decrement()
        #endif
    }

    /// Feeds one event to every observer.
    @inlinable
    func on(_ event: Event<Element>) {
        lock.lock()
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
        let registration = Registration(sink: sink, lifetime: lifetime, hub: self)
        lock.lock()
        if isEmitting {
            pending.append(.subscribe(registration))
            lock.unlock()
        } else {
            isEmitting = true
            attachLocked(registration)
            runPending()
        }
        lifetime.insert(registration)
    }

    /// Removes `registration` (when its subscription ends).
    @inlinable
    func remove(_ registration: Registration) {
        lock.lock()
        if isEmitting {
            pending.append(.remove(registration))
            lock.unlock()
            return
        }
        let removed = observers.remove(registration)
        lock.unlock()
        if removed { Unmanaged.passUnretained(registration).release() }
    }

    /// Whether anyone is subscribed now.
    @usableFromInline
    var hasObservers: Bool { lock.withLock { observers.count > 0 } }

    @inlinable
    func perform(_ action: Action) {
        switch action {
        case .event(let event): deliverLocked(event)
        case .subscribe(let registration): attachLocked(registration)
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

    /// Records and delivers one event. Entered and left with the lock held; drops it while delivering.
    @inlinable
    func deliverLocked(_ event: Event<Element>) {
        guard terminal == nil, !isDisposed else { return }
        let forward = memory.record(event)
        if !event.isStopEvent {
            guard forward else { return }
            // `observers` cannot change until this thread clears `isEmitting` (see the type's invariants).
            let targets = observers
            lock.unlock()
            targets.forEach { registration in
                if registration.lifetime.isActive { registration.sink(event) }
            }
            lock.lock()
            return
        }
        terminal = event
        var targets = observers
        observers = RegistrationList()
        // A subject that holds elements back (AsyncSubject) releases them with the end.
        let delivered = forward ? nil : memory.replayAfterEnd(event)
        lock.unlock()
        targets.forEach { registration in
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
    func attachLocked(_ registration: Registration) {
        // A registration disposed before it was attached is dropped; see the type's invariants.
        guard registration.lifetime.isActive else { return }
        let replay: [Event<Element>]
        if isDisposed {
            replay = [.error(RxError.disposed(object: "\(Memory.subjectName)<\(Element.self)>"))]
        } else if let terminal {
            replay = memory.replayAfterEnd(terminal)
        } else {
            observers.append(registration)
            replay = memory.replay()
        }
        if replay.isEmpty { return }
        lock.unlock()
        for event in replay where registration.lifetime.isActive { registration.sink(event) }
        lock.lock()
    }

    @inlinable
    func disposeLocked() {
        isDisposed = true
        var released = observers
        observers = RegistrationList()
        lock.unlock()
        released.releaseAll()
        lock.lock()
    }

    /// Ends the subject: observers are released and later subscribers get `RxError.disposed`.
    @inlinable
    func dispose() {
        lock.lock()
        if isEmitting {
            pending.append(.dispose)
            lock.unlock()
            return
        }
        isEmitting = true
        disposeLocked()
        runPending()
    }
}

/// The observers of a subject: retained references in a buffer the hub manages by hand, so that delivering an
/// event walks them with no retain, release or copy (an array property would be retained for the walk, and each
/// element loaded with a retain). Not thread-safe; the hub guards it.
@usableFromInline
struct RegistrationList<Registration: AnyObject> {
    @usableFromInline
    var base: UnsafeMutablePointer<Unmanaged<Registration>>?
    @usableFromInline
    var count = 0
    @usableFromInline
    var capacity = 0

    @inlinable
    init() {}

    /// Adds `registration`, retaining it.
    @inlinable
    mutating func append(_ registration: Registration) {
        if count == capacity { grow() }
        base.unsafelyUnwrapped[count] = Unmanaged.passRetained(registration)
        count += 1
    }

    @usableFromInline
    mutating func grow() {
        let newCapacity = Swift.max(2, capacity * 2)
        let newBase = UnsafeMutablePointer<Unmanaged<Registration>>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }

    /// Takes `registration` out, keeping the order of the others; `true` when it was there, and then the caller
    /// owns the reference the list held (release it outside the lock).
    @inlinable
    mutating func remove(_ registration: Registration) -> Bool {
        guard let base else { return false }
        var index = count - 1
        while index >= 0 {
            if base[index].toOpaque() == Unmanaged.passUnretained(registration).toOpaque() {
                (base + index).moveInitialize(from: base + index + 1, count: count - index - 1)
                count -= 1
                return true
            }
            index -= 1
        }
        return false
    }

    /// Calls `body` with each registration, in order of subscription, borrowed from the list.
    @inlinable
    func forEach(_ body: (Registration) -> Void) {
        guard let base else { return }
        for index in 0..<count {
            base[index]._withUnsafeGuaranteedRef(body)
        }
    }

    /// Releases every registration and the buffer, leaving the list empty.
    @inlinable
    mutating func releaseAll() {
        guard let base else { return }
        for index in 0..<count { base[index].release() }
        base.deallocate()
        self = RegistrationList()
    }
}
