import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The leaf of a subscription made from an actor-isolated context: calls the subscriber's handlers only while
/// isolated to that actor, whatever thread the events come from.
///
/// - The main actor: an event that arrives on the main queue with nothing of this subscription waiting is handled at
///   once (a main-actor subject feeding a main-actor subscriber stays synchronous); any other is queued and handled
///   on the main queue, in arrival order.
/// - Another actor: no public API before iOS 26 tells whether code is isolated to a given actor, so only events that
///   arrive on the subscribing thread while `subscribe` runs (which is isolated to the actor) are handled at once;
///   the others are queued and handled, in order, by a task isolated to the actor.
///
/// Invariants (debug builds check the drain machine's after every change to it; ``HeldLocks`` traps when a handler
/// runs under a lock; the rest are orders between threads, which no state shows):
/// - The lock guards the state; it is never held while a handler runs.
/// - Events wait for a drain as ``ScheduledDrainStateMachine`` keeps them (at most one drain scheduled, events waiting
///   only while one is), and an event is handled inline only while none is, so handlers see events in arrival order
///   and never overlap.
/// - The observer checks the lifetime when it handles an event, so nothing is handled after dispose.
final class IsolatedDelivery<Element>: LockedBuffer<IsolatedDeliveryState<Element>> {
    /// A delivery to `isolation`. The tail: the lock, then the ``IsolatedDeliveryFields``.
    static func make(isolation: any Actor) -> IsolatedDelivery {
        let delivery = make(words: 1 + tailWords(for: IsolatedDeliveryFields.self), state: IsolatedDeliveryState())
        delivery.placeFields(
            IsolatedDeliveryFields(actor: isolation === MainActor.shared ? nil : isolation), at: 1)
        return delivery
    }

    deinit {
        removeFields(at: 1, as: IsolatedDeliveryFields.self)
    }

    /// The actor, `nil` for the main actor: read without the lock.
    @inline(__always)
    var actor: (any Actor)? { fields(at: 1, as: IsolatedDeliveryFields.self).pointee.actor }

    /// From now until ``endSubscribing()``, events delivered on this thread are handled at once: `subscribe` runs
    /// isolated to the actor.
    func beginSubscribing() {
        withLock { $0.subscribingThread = pthread_self() }
    }

    func endSubscribing() {
        withLock { $0.subscribingThread = nil }
    }

    /// Looks only at whether a drain is scheduled, never at the queue: events are queued only while one is, so an
    /// empty queue is implied.
    ///
    /// `observer` is the observer this delivery serves, which is calling: the delivery keeps no reference to it (the
    /// observer holds the delivery). A scheduled drain holds it strongly until it ran, so events accepted before the
    /// source went away (a subject released right after its last event) are still handled.
    func on(_ event: Event<Element>, from observer: ClosureObserver<Element>) {
        let state = state
        lock.lock()
        if !state.pointee.drain.isDraining && isIsolatedHere() {
            lock.unlock()
            observer.handle(event)
            return
        }
        let schedules = queue(event)
        lock.unlock()
        if schedules { scheduleDrain(observer) }
    }

    /// ``on(_:from:)`` for an element: handled at once, as the element itself, when it may be; an `Event` is built
    /// only to queue it.
    func on(next element: Element, from observer: ClosureObserver<Element>) {
        let state = state
        lock.lock()
        if !state.pointee.drain.isDraining && isIsolatedHere() {
            lock.unlock()
            observer.handleElement(element)
            return
        }
        let schedules = queue(next: element)
        lock.unlock()
        if schedules { scheduleDrain(observer) }
    }

    /// Holding the lock: queues `element` for the drain; returns whether one must be scheduled. Out of line:
    /// building the `Event`, inlined, looked up its metadata on every element, also on those handled at once.
    @inline(never)
    func queue(next element: Element) -> Bool {
        queue(.next(element))
    }

    /// Holding the lock: queues `event` for the drain; returns whether one must be scheduled (none is yet).
    func queue(_ event: Event<Element>) -> Bool {
        defer { _checkInvariants() }
        return state.pointee.drain.enqueue(event)
    }

    /// Whether the calling code runs isolated to the actor (under the lock).
    func isIsolatedHere() -> Bool {
        if actor == nil { return MainScheduler.isOnMainQueue }
        guard let subscribingThread = state.pointee.subscribingThread else { return false }
        return pthread_equal(subscribingThread, pthread_self()) != 0
    }

    func scheduleDrain(_ observer: ClosureObserver<Element>) {
        // Into `@Sendable` closures: the delivery serializes what it holds behind its lock, and the observer is handled
        // only by the drain.
        let transfer = UncheckedTransfer(value: (delivery: self, observer: observer))
        guard let actor else {
            // Debug builds: what the handlers make belongs to the scope the subscription was made in.
            DispatchQueue.main.async {
                transfer.value.observer.lifetime.live.withCreationScope {
                    transfer.value.delivery.drain(transfer.value.observer)
                }
            }
            return
        }
        Task { await transfer.value.delivery.drain(transfer.value.observer, isolatedTo: actor) }
    }

    private func drain(_ observer: ClosureObserver<Element>, isolatedTo actor: isolated any Actor) {
        drain(observer)
    }

    /// Handles everything queued, in order; called on the actor.
    private func drain(_ observer: ClosureObserver<Element>) {
        while true {
            let taken = withLock { state in
                defer { _checkInvariants() }
                return state.drain.takeBatch()
            }
            guard var batch = taken else { return }
            for event in batch { observer.handle(event) }
            batch.removeAll(keepingCapacity: true)
            withLock { state in
                state.drain.recycle(batch)
                _checkInvariants()
            }
        }
    }

    /// Debug builds, holding the lock: traps unless the drain machine keeps its invariants.
    func _checkInvariants() {
        state.pointee.drain._checkInvariants()
    }
}

/// The state of an ``IsolatedDelivery``, under its lock.
struct IsolatedDeliveryState<Element> {
    var drain = ScheduledDrainStateMachine<Element>()
    var subscribingThread: pthread_t?

    /// Inlined: called, it looked up the state's metadata per subscription.
    @inline(__always)
    init() {}
}

/// What an ``IsolatedDelivery`` was made with, in its tail.
struct IsolatedDeliveryFields {
    let live = LiveResource()
    /// `nil` for the main actor.
    let actor: (any Actor)?
}
