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
/// Invariants:
/// - `lock` guards `queue`, `isScheduled` and `subscribingThread`; it is never held while a handler runs.
/// - At most one drain is scheduled at a time (`isScheduled`), and an event is handled inline only while the queue is
///   empty and no drain is scheduled, so handlers see events in arrival order and never overlap.
/// - The observer checks the lifetime when it handles an event, so nothing is handled after dispose.
@usableFromInline
final class IsolatedDelivery<Element>: @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    let observer: ClosureObserver<Element>
    /// `nil` for the main actor.
    @usableFromInline
    let actor: (any Actor)?
    @usableFromInline
    let lock = SpinLock()
    @usableFromInline
    @exclusivity(unchecked) var queue: [Event<Element>] = []
    @usableFromInline
    @exclusivity(unchecked) var isScheduled = false
    @usableFromInline
    @exclusivity(unchecked) var subscribingThread: pthread_t?

    @usableFromInline
    init(observer: ClosureObserver<Element>, isolation: any Actor) {
        self.observer = observer
        actor = isolation === MainActor.shared ? nil : isolation
    }

    /// Runs `subscribe` as the subscribing thread: events it delivers on this thread are handled at once.
    @usableFromInline
    func subscribing(_ subscribe: () -> Void) {
        lock.withLock { subscribingThread = pthread_self() }
        subscribe()
        lock.withLock { subscribingThread = nil }
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        lock.lock()
        if queue.isEmpty && !isScheduled && isIsolatedHere() {
            lock.unlock()
            observer.on(event)
            return
        }
        queue.append(event)
        if isScheduled {
            lock.unlock()
            return
        }
        isScheduled = true
        lock.unlock()
        scheduleDrain()
    }

    /// Whether the calling code runs isolated to the actor (under the lock).
    private func isIsolatedHere() -> Bool {
        if actor == nil { return MainScheduler.isOnMainQueue }
        guard let subscribingThread else { return false }
        return pthread_equal(subscribingThread, pthread_self()) != 0
    }

    private func scheduleDrain() {
        guard let actor else {
            DispatchQueue.main.async { self.drain() }
            return
        }
        Task { await self.drain(isolatedTo: actor) }
    }

    private func drain(isolatedTo actor: isolated any Actor) {
        drain()
    }

    /// Handles everything queued, in order; called on the actor.
    private func drain() {
        while true {
            lock.lock()
            if queue.isEmpty {
                isScheduled = false
                lock.unlock()
                return
            }
            let events = queue
            queue.removeAll()
            lock.unlock()
            for event in events { observer.on(event) }
        }
    }
}
