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
final class IsolatedDelivery<Element> {
    let live = LiveResource()
    /// The actor, `nil` for the main actor.
    let actor: (any Actor)?
    let state = Locked(IsolatedDeliveryStateMachine<Element>())

    /// A delivery to `isolation`.
    init(isolation: any Actor) {
        actor = isolation === MainActor.shared ? nil : isolation
    }

    /// From now until ``endSubscribing()``, events delivered on this thread are handled at once: `subscribe` runs
    /// isolated to the actor.
    func beginSubscribing() {
        state.withLock { $0.subscribingThread = pthread_self() }
    }

    func endSubscribing() {
        state.withLock { $0.subscribingThread = nil }
    }

    /// `observer` is the observer this delivery serves, which is calling: the delivery keeps no reference to it (the
    /// observer holds the delivery). A scheduled drain holds it strongly until it ran, so events accepted before the
    /// source went away (a subject released right after its last event) are still handled.
    func on(_ event: Event<Element>, from observer: ClosureObserver<Element>) {
        let isMainActor = actor == nil
        switch state.withLock({ $0.arrives(event, isMainActor: isMainActor) }) {
        case .handleHere:
            observer.handle(event)
        case .queued:
            return
        case .scheduleDrain:
            scheduleDrain(observer)
        }
    }

    /// ``on(_:from:)`` for an element: handled at once, as the element itself, when it may be; an `Event` is built
    /// only to queue it.
    func on(next element: Element, from observer: ClosureObserver<Element>) {
        let isMainActor = actor == nil
        switch state.withLock({ $0.arrives(next: element, isMainActor: isMainActor) }) {
        case .handleHere:
            observer.handleElement(element)
        case .queued:
            return
        case .scheduleDrain:
            scheduleDrain(observer)
        }
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
        while let batch = state.withLock({ $0.takeBatch() }) {
            var batch = batch
            for event in batch { observer.handle(event) }
            batch.removeAll(keepingCapacity: true)
            state.withLock { $0.recycle(batch) }
        }
    }
}

/// What an event arriving at an ``IsolatedDelivery`` does, decided under its lock.
enum IsolatedArrival {
    /// The arriving code runs isolated to the actor and nothing waits: the observer handles it at once.
    case handleHere
    /// It waits for the drain that is scheduled.
    case queued
    /// It waits, and a drain must be scheduled for it.
    case scheduleDrain
}

/// The state of an ``IsolatedDelivery``, under its lock: the events waiting for the drain, and the thread that is
/// subscribing (isolated to a non-main actor) while `subscribe` runs.
struct IsolatedDeliveryStateMachine<Element> {
    private var drain = ScheduledDrainStateMachine<Element>()
    var subscribingThread: pthread_t?

    /// Inlined: called, it looked up the state's metadata per subscription.
    @inline(__always)
    init() {}

    /// An element arrives. Handled at once only when nothing waits (a drain is scheduled exactly while something
    /// does, so the queue is not read) and the arriving code runs isolated to the actor (`isMainActor`: the main
    /// queue; another actor: the subscribing thread while `subscribe` runs).
    @inline(__always)
    mutating func arrives(next element: Element, isMainActor: Bool) -> IsolatedArrival {
        if !drain.isDraining && isIsolatedHere(isMainActor: isMainActor) { return .handleHere }
        return queue(next: element)
    }

    /// An event arrives (as ``arrives(next:isMainActor:)``).
    mutating func arrives(_ event: Event<Element>, isMainActor: Bool) -> IsolatedArrival {
        if !drain.isDraining && isIsolatedHere(isMainActor: isMainActor) { return .handleHere }
        defer { drain._checkInvariants() }
        return drain.enqueue(event) ? .scheduleDrain : .queued
    }

    /// Queues `element` for the drain. Out of line: building the `Event`, inlined, looked up its metadata on every
    /// element, also on those handled at once.
    @inline(never)
    mutating func queue(next element: Element) -> IsolatedArrival {
        defer { drain._checkInvariants() }
        return drain.enqueue(.next(element)) ? .scheduleDrain : .queued
    }

    /// For the drain: see ``ScheduledDrainStateMachine/takeBatch(discarding:)``.
    mutating func takeBatch() -> [Event<Element>]? {
        defer { drain._checkInvariants() }
        return drain.takeBatch()
    }

    /// For the drain: see ``ScheduledDrainStateMachine/recycle(_:)``.
    mutating func recycle(_ batch: [Event<Element>]) {
        drain.recycle(batch)
        drain._checkInvariants()
    }

    /// Whether the calling code runs isolated to the actor. Inlined into the element path: called, it looked up this
    /// type's metadata per element.
    @inline(__always)
    private func isIsolatedHere(isMainActor: Bool) -> Bool {
        if isMainActor { return MainScheduler.isOnMainQueue }
        guard let subscribingThread else { return false }
        return pthread_equal(subscribingThread, pthread_self()) != 0
    }
}
