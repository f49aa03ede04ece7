import CRxAtomics

/// The locked box of a source that takes whole events from any thread (`create`'s observer): a state machine under a
/// lock, a ``Drain`` of the events, and the subscription it serves (its sink and lifetime, read without the lock), in
/// one allocation.
///
/// A thread hands an event to ``admit(_:if:)``: holding the lock, the machine says whether it is accepted, and the
/// drain whether this thread delivers it (it becomes the emitter) or queues it for the thread that is delivering.
/// The emitter delivers after the lock is released, then calls ``deliverBacklog(_:)``, which hands it what was
/// queued meanwhile, one event per critical section, until it stops. So events reach the source's subscriber one at a
/// time, in the order they were accepted, and the lock is never held while one is delivered.
///
/// Generic over the event type (``EventRouting``), not the element: the events arrive whole, and the storage built on
/// it takes them apart with the event type's metadata read from the object, where a class generic over the element
/// would look that type up on every call. Its state is `create`'s ``CreateStateMachine``, not a type parameter: with
/// one concrete superclass, freeing a queue runs a deinit compiled for it, where a queue generic over its machine
/// too went through the generic deinit chain and a metadata lookup (+45 instructions per subscription of every source
/// built on `create`). The storage is this box itself (`CreateStorage` is a type alias, its methods in an
/// extension), so a source takes one allocation.
///
/// The layout: the header is the state. The tail: word 0 the lock, word 1 the drain's ``EmitState``, then the
/// ``EventQueueFields``: the sink and the lifetime, fixed at creation, and the drain, changed under the lock (field
/// by field: the sink and lifetime are read without it).
final class SerializedEventQueue<Routed: EventRouting>: LockedBuffer<CreateStateMachine> {
    typealias State = CreateStateMachine

    /// A queue delivering to `sink` for the subscription `lifetime`, holding `state`, its drain empty. Always inlined
    /// into the subscription that makes it: called, it cost 17 instructions more per subscription
    /// (MapFilterCreating).
    @inline(__always)
    static func make(sink: EventSink<Routed.Element>, lifetime: Lifetime, state: State) -> SerializedEventQueue {
        let queue = make(words: 2 + tailWords(for: EventQueueFields<Routed>.self), state: state)
        queue.placeFields(EventQueueFields<Routed>(sink: sink, lifetime: lifetime), at: 2)
        return queue
    }

    deinit {
        removeFields(at: 2, as: EventQueueFields<Routed>.self)
    }

    /// The drain's ``EmitState``.
    @inline(__always)
    private var emitState: AtomicView<Int> { atomic(1) }

    @inline(__always)
    private var fields: UnsafeMutablePointer<EventQueueFields<Routed>> {
        fields(at: 2, as: EventQueueFields<Routed>.self)
    }

    /// Where the events go: fixed, so read without the lock.
    @inline(__always)
    var sink: EventSink<Routed.Element> { fields.pointee.sink }

    /// The subscription served: fixed, so read without the lock.
    @inline(__always)
    var lifetime: Lifetime { fields.pointee.lifetime }

    /// Holding the lock: `accepts` decides on the machine whether `event` goes out; if it does, whether this thread
    /// is to deliver it now (`true`: it became the emitter, and delivers after this returns, then calls
    /// ``deliverBacklog(_:)``) or it waits for the thread that is delivering.
    @inline(__always)
    func admit(_ event: Routed, if accepts: (inout State) -> Bool) -> Bool {
        let fields = fields
        return withLock { state in accepts(&state) && fields.pointee.drain.admit(event, emitState) }
    }

    /// ``admit(_:if:)`` of two events at once, `first` then `second`, with one decision: no other event can come
    /// between them. Returns whether this thread delivers `first` (`second` waits in the drain either way).
    @inline(__always)
    func admit(_ first: Routed, then second: Routed, if accepts: (inout State) -> Bool) -> Bool {
        let fields = fields
        return withLock { state in
            guard accepts(&state) else { return false }
            let delivers = fields.pointee.drain.admit(first, emitState)
            // Queued behind `first` in the same critical section: admitting it made this thread the emitter.
            _ = fields.pointee.drain.admit(second, emitState)
            return delivers
        }
    }

    /// As the emitter, without the lock, after delivering the event it admitted: stops delivering, or, when events
    /// were queued meanwhile, hands each to `deliver` (without the lock) until a stop succeeds.
    @inline(__always)
    func deliverBacklog(_ deliver: (Routed) -> Void) {
        if EmitState.stop(emitState) { return }
        deliverQueued(deliver)
    }

    /// ``deliverBacklog(_:)`` once something was queued. Out of line: it runs only when calls raced or the subscriber
    /// called back.
    @inline(never)
    private func deliverQueued(_ deliver: (Routed) -> Void) {
        let fields = fields
        repeat {
            // The stop failed, so something is queued.
            let next = withLock { _ in fields.pointee.drain.next(emitState)! }
            deliver(next)
        } while !EmitState.stop(emitState)
    }
}

/// What a ``SerializedEventQueue`` keeps in its tail: the subscription it serves, read without the lock, and its
/// drain, changed under the lock.
struct EventQueueFields<Routed: EventRouting> {
    let live = LiveResource()
    let sink: EventSink<Routed.Element>
    let lifetime: Lifetime
    var drain = Drain<Routed>()

    @inline(__always)
    init(sink: EventSink<Routed.Element>, lifetime: Lifetime) {
        self.sink = sink
        self.lifetime = lifetime
    }
}
