/// "One thread delivers, the others queue": the serialize-and-drain that every storage uses whose output several
/// threads produce (``SerializedEmitter``'s events, ``SubjectHub``'s actions).
///
/// A `Drain` lives in its owner's locked state; its ``EmitState`` word is one of the owner's atomics (the owner's
/// ``LockedBuffer`` holds both). The thread that finds nobody delivering becomes the *emitter*: it delivers what it
/// produced after releasing the lock, then whatever other threads queued meanwhile, until nothing is left. Every other
/// thread queues what it produced, in the order the lock admitted it, and returns. So deliveries never overlap, and
/// come out in the order they were decided under the lock, whichever threads race (also when an observer reenters
/// the owner: its thread is the emitter, so what it produces waits for the current delivery to return).
///
/// Invariants:
/// - The state goes from idle to emitting, and from emitting to queued, only under the owner's lock; the emitter goes
///   from emitting back to idle without the lock, with one compare-and-swap that fails once anything was queued
///   (``stop(_:)``): an item nobody raced costs one critical section, not two, and nothing queued is left behind.
/// - Idle means the backlog is empty; queued means it is not.
/// - Only the emitter takes items out of the backlog (``next(_:)``), under the lock.
struct Drain<Item> {
    private var backlog = RingBuffer<Item>()

    @inline(__always)
    init() {}

    /// Holding the owner's lock: whether the calling thread is to deliver `item` itself, as the emitter, once it has
    /// released the lock (`true`); otherwise (`false`) `item` is queued for the thread that is delivering.
    @inline(__always)
    mutating func admit(_ item: Item, _ state: AtomicView<Int>) -> Bool {
        if EmitState.emitterWillLook(state) {
            enqueue(item)
            _checkInvariants(state)
            return false
        }
        state.store(EmitState.emitting, ordering: .relaxed)
        _checkInvariants(state)
        return true
    }

    /// ``admit(_:_:)`` for an item the caller holds in another form (an element, where the backlog holds events),
    /// so that the path where this thread delivers builds no item: `true` makes the calling thread the emitter;
    /// `false` means the emitter will look, and the caller must ``enqueue(_:)`` the item before releasing the lock.
    @inline(__always)
    mutating func admitWithoutItem(_ state: AtomicView<Int>) -> Bool {
        if EmitState.emitterWillLook(state) { return false }
        state.store(EmitState.emitting, ordering: .relaxed)
        _checkInvariants(state)
        return true
    }

    /// Holding the owner's lock: queues `item` for the emitter, which ``EmitState/emitterWillLook(_:)`` said will look.
    /// Out of line: it runs only when deliveries race or an observer reenters the owner, and what is inlined into
    /// every operator's event path stays small.
    @inline(never)
    mutating func enqueue(_ item: Item) {
        backlog.append(item)
    }

    /// Holding the owner's lock, as the emitter: takes the next queued item. When it was the last, the state goes
    /// back to emitting (nothing queued); when there was none, to idle: the caller is no longer the emitter.
    @inline(__always)
    mutating func next(_ state: AtomicView<Int>) -> Item? {
        guard let item = backlog.popFirst() else {
            state.store(EmitState.idle, ordering: .releasing)
            _checkInvariants(state)
            return nil
        }
        if backlog.isEmpty { state.store(EmitState.emitting, ordering: .relaxed) }
        _checkInvariants(state)
        return item
    }

    /// Whether anything waits for the emitter.
    var isEmpty: Bool { backlog.isEmpty }

    /// How many items wait for the emitter.
    var queuedCount: Int { backlog.count }

    /// Calls `body` with each item waiting for the emitter, front first: for the owner's checks of its invariants.
    func forEachQueued(_ body: (Item) -> Void) {
        backlog.forEach(body)
    }

    /// Debug builds, holding the owner's lock: traps unless idle means an empty backlog and queued a non-empty one.
    /// (Emitting may turn to idle meanwhile, without the lock: both allow what is checked.)
    func _checkInvariants(_ state: AtomicView<Int>) {
        #if DEBUG
            switch state.load(ordering: .acquiring) {
            case EmitState.idle:
                precondition(backlog.isEmpty, "Internal inconsistency: an idle drain holds a backlog")
            case EmitState.queued:
                precondition(!backlog.isEmpty, "Internal inconsistency: a drain is queued with nothing in its backlog")
            case EmitState.emitting:
                break
            default:
                let word = state.load(ordering: .relaxed)
                preconditionFailure("Internal inconsistency: a drain's state word holds \(word)")
            }
        #endif
    }
}

/// The values of a ``Drain``'s state word, and its moves.
enum EmitState {
    /// Nobody is delivering.
    static let idle = 0
    /// A thread is delivering, and nothing was queued since it last looked.
    static let emitting = 1
    /// A thread is delivering, and something is queued for it.
    static let queued = 2

    /// Holding the owner's lock: whether a thread is delivering and will look at the backlog before it stops (then
    /// what this thread queues is delivered by it). `false`: nobody is delivering, not even one about to stop, so
    /// this thread may become the emitter.
    static func emitterWillLook(_ state: AtomicView<Int>) -> Bool {
        // Idle stays idle while the lock is held, and queued stays queued; only emitting can change meanwhile, to
        // idle, by the emitter's unlocked compare-and-swap.
        switch state.load(ordering: .acquiring) {
        case idle: return false
        case queued: return true
        default:
            return state.compareExchange(expected: emitting, desired: queued, ordering: .acquiringAndReleasing)
                .exchanged
        }
    }

    /// As the emitter, without the lock, after a delivery: stops being the emitter unless something was queued
    /// meanwhile (then `false`: take the lock and deliver it).
    static func stop(_ state: AtomicView<Int>) -> Bool {
        state.compareExchange(expected: emitting, desired: idle, ordering: .releasing).exchanged
    }
}
