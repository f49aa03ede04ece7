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
/// - At most one thread, the *emitter*, delivers events at any moment (`isEmitting`). An event, subscription or
///   removal that arrives while another thread (or the emitter itself, reentrantly) is delivering waits in
///   `pending` and is handled by the emitter in arrival order. So observers never see overlapping calls, even with
///   concurrent producers, and an observer that feeds its own subject sees that event after its current call.
/// - The lock is never held while an observer runs.
/// - After a terminal event the observer list is empty and `terminal` is set; later subscribers get the replay
///   and the terminal event at once.
/// - A registration whose lifetime is disposed is never added, and is removed when its lifetime ends.
@usableFromInline
final class SubjectHub<Memory: SubjectMemory>: @unchecked Sendable {
    @usableFromInline
    typealias Element = Memory.Element

    @usableFromInline
    struct Registration {
        @usableFromInline let key: UInt64
        @usableFromInline let sink: EventSink<Element>
        @usableFromInline let lifetime: Lifetime

        @inlinable
        init(key: UInt64, sink: @escaping EventSink<Element>, lifetime: Lifetime) {
            self.key = key
            self.sink = sink
            self.lifetime = lifetime
        }
    }

    @usableFromInline
    enum Action {
        case event(Event<Element>)
        case subscribe(Registration)
        case remove(UInt64)
    }

    @usableFromInline
    let lock = SpinLock()
    // Everything below is guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var memory: Memory
    @usableFromInline
    @exclusivity(unchecked) var observers: ContiguousArray<Registration> = []
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
    @usableFromInline
    @exclusivity(unchecked) var nextKey: UInt64 = 0

    @inlinable
    init(memory: Memory) {
        self.memory = memory
        #if DEBUG
            Resources.increment()
        #endif
    }

    deinit {
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
        lock.lock()
        let key = nextKey
        nextKey &+= 1
        let registration = Registration(key: key, sink: sink, lifetime: lifetime)
        if isEmitting {
            pending.append(.subscribe(registration))
            lock.unlock()
        } else {
            isEmitting = true
            run(.subscribe(registration))
        }
        lifetime.insert(HubSubscription(hub: self, key: key))
    }

    /// Removes the observer registered under `key`.
    @inlinable
    func remove(_ key: UInt64) {
        lock.lock()
        if isEmitting {
            pending.append(.remove(key))
            lock.unlock()
            return
        }
        removeLocked(key)
        lock.unlock()
    }

    @inlinable
    func removeLocked(_ key: UInt64) {
        var index = observers.count - 1
        while index >= 0 {
            if observers[index].key == key {
                observers.remove(at: index)
                return
            }
            index -= 1
        }
    }

    /// Whether anyone is subscribed now.
    @usableFromInline
    var hasObservers: Bool { lock.withLock { !observers.isEmpty } }

    /// Called with the lock held and `isEmitting` set; returns with the lock released and `isEmitting` cleared,
    /// having handled `first` and everything that queued up meanwhile.
    @inlinable
    func run(_ first: Action) {
        perform(first)
        runPending()
    }

    @inlinable
    func perform(_ action: Action) {
        switch action {
        case .event(let event): deliverLocked(event)
        case .subscribe(let registration): attachLocked(registration)
        case .remove(let key): removeLocked(key)
        }
    }

    /// Handles everything queued while this thread was emitting; entered with the lock held, leaves it released.
    @inlinable
    func runPending() {
        while pendingHead < pending.count {
            let action = pending[pendingHead]
            pendingHead += 1
            perform(action)
        }
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
        isEmitting = false
        lock.unlock()
    }

    /// Records and delivers one event. Entered and left with the lock held; drops it while delivering.
    @inlinable
    func deliverLocked(_ event: Event<Element>) {
        guard terminal == nil, !isDisposed else { return }
        let forward = memory.record(event)
        let targets = observers
        if event.isStopEvent {
            terminal = event
            observers = []
        }
        if forward {
            lock.unlock()
            targets.withUnsafeBufferPointer { targets in
                for index in targets.indices where targets[index].lifetime.isActive { targets[index].sink(event) }
            }
            lock.lock()
        } else if event.isStopEvent {
            // A subject that holds elements back (AsyncSubject) releases them with the end.
            let delivered = memory.replayAfterEnd(event)
            lock.unlock()
            for target in targets {
                for item in delivered where target.lifetime.isActive { target.sink(item) }
            }
            lock.lock()
        }
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

    /// Ends the subject: observers are released and later subscribers get `RxError.disposed`.
    @inlinable
    func dispose() {
        lock.withLock {
            isDisposed = true
            observers = []
        }
    }
}

/// Removes one registration from its hub when the subscription ends.
@usableFromInline
final class HubSubscription<Memory: SubjectMemory>: Disposable {
    @usableFromInline
    let hub: SubjectHub<Memory>
    @usableFromInline
    let key: UInt64

    @inlinable
    init(hub: SubjectHub<Memory>, key: UInt64) {
        self.hub = hub
        self.key = key
    }

    @inlinable
    func dispose() { hub.remove(key) }
}
