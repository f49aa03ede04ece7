/// State shared by the upstreams of one operator that has several (merge, combineLatest, zip, flatMap, ...), and
/// the queue that keeps its output one event at a time.
///
/// Operators subclass it and keep their own fields under `lock`: they change them in the closure they hand to
/// `emit(_:)`, which runs under the lock and returns what to emit (the `withLock { state -> action }` shape).
///
/// Invariants:
/// - `lock` guards the subclass's state and `outbox`; it is never held while `sink` runs.
/// - Only the thread that moved `emitState` from idle to emitting calls `sink`; others queue into `outbox` and
///   return, so output order is the order in which events were produced under the lock, and calls never overlap
///   (also when an observer reenters the operator).
/// - `emitState` goes from idle to emitting, and from emitting to queued, only under the lock; the emitter goes
///   back from emitting to idle without the lock, with one compare-and-swap that fails once anything was queued
///   (then it takes the lock and delivers what was). So an event that nobody else raced costs one critical section,
///   not two, and nothing queued is ever left behind.
/// - After a terminal event is queued (`isStopped`), nothing else is queued.
class SerializedEmitter<Output>: @unchecked Sendable {
    /// The words of `lock` and `emitState`, in this object's own memory (see ``InlineWord``): one allocation fewer
    /// for every subscription to an operator with several upstreams. Must stay the first stored property.
    final var words = (InlineWord(), InlineWord())
    let live = LiveResource()
    final var lock: LockWord { LockWord(word: 0, of: self) }
    /// ``EmitState``: whether a thread is delivering, and whether anything was queued for it since it last looked.
    final var emitState: AtomicView<Int> { AtomicView(word: 1, of: self) }
    final let sink: EventSink<Output>
    @exclusivity(unchecked) final var outbox: [Event<Output>] = []
    @exclusivity(unchecked) final var outboxHead = 0
    @exclusivity(unchecked) final var isStopped = false

    init(sink: @escaping EventSink<Output>) {
        self.sink = sink
        assertFirstStoredProperty(of: self, &words)
    }

    /// Emits `event` (dropped after a terminal event), for operators with no state of their own to update.
    ///
    /// Hands the lock to ``unlock(emitting:)`` directly: through `emit { event }` the event became an
    /// `Event<Output>?`, whose metadata code compiled once for every element type looks up per event.
    final func emit(_ event: Event<Output>) {
        lock.lock()
        unlock(emitting: event)
    }

    /// Runs `decide` holding the lock, and queues the event it returns (dropped after a terminal event) before
    /// releasing it; then delivers, unless another thread (or an outer call on this one) is delivering already.
    ///
    /// `decide` updates the subclass's state and says what that emits, `nil` for nothing. Deciding and queueing in
    /// one critical section is what keeps the output in the order the state changed, whichever threads race.
    final func emit(_ decide: () -> Event<Output>?) {
        lock.lock()
        // One call per case, each with an event of known case: where the optimizer does not inline `decide`, an
        // event of unknown case cost an outlined destroy per event (CombineLatestPumping 2,314 -> 2,223 this way).
        switch decide() {
        case .next(let element)?: unlock(emitting: .next(element))
        case .error(let error)?: unlock(emitting: .error(error))
        case .completed?: unlock(emitting: .completed)
        case nil: lock.unlock()
        }
    }

    /// `emit(_:)` for a decision that can emit two events, `first` then `second`: an element and the completion
    /// that follows it (`sample`, the timed operators). Both are queued in the one critical section, so no other
    /// thread's event comes between them.
    final func emitEvents(_ decide: () -> (first: Event<Output>?, second: Event<Output>?)) {
        lock.lock()
        let (first, second) = decide()
        var delivers: Event<Output>?
        if let first, admit(first) { delivers = first }
        // Queued behind `first` when this thread delivers it: `admit(first)` made it the emitter.
        if let second, admit(second) { delivers = second }
        lock.unlock()
        if let delivers { deliver(delivers) }
    }

    /// The end of `emit(_:)`, which took the lock: queues `event` and releases the lock, then delivers if this
    /// thread became the emitter. Kept apart from `emit(_:)`, which calls it once per case of the event; operators
    /// never call it (they hand their decision to `emit(_:)`).
    final func unlock(emitting event: Event<Output>) {
        // `admit(_:)` written out: called, it cost FlatMapsPumping about 240 instructions per event.
        if isStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent { isStopped = true }
        // `EmitState.becomeEmitter` written out, here and in `admit(_:)`: called, it cost CombineLatestPumping 14
        // instructions per event more (1,568 -> 1,582).
        if emitterWillLook() {
            enqueue(event)
            lock.unlock()
            return
        }
        emitState.store(EmitState.emitting, ordering: .relaxed)
        lock.unlock()
        deliver(event)
    }

    /// Holding the lock: whether this thread is to deliver `event` now (it becomes the emitter). Otherwise the event
    /// is queued for the emitter, or dropped after a terminal event.
    final func admit(_ event: Event<Output>) -> Bool {
        if isStopped { return false }
        if event.isStopEvent { isStopped = true }
        if emitterWillLook() {
            enqueue(event)
            return false
        }
        emitState.store(EmitState.emitting, ordering: .relaxed)
        return true
    }

    /// Holding the lock: whether a thread is delivering and will look at `outbox` before it stops (then what this
    /// thread queues is delivered by it). `false`: nobody is delivering, not even one about to stop, so this thread
    /// may become the emitter.
    final func emitterWillLook() -> Bool { EmitState.emitterWillLook(emitState) }

    /// Holding the lock: queues `event` for the emitter. Out of line, so that what is inlined into every operator
    /// stays small (FlatMapsPumping 2,762 -> 2,612 when this moved out).
    @inline(never)
    final func enqueue(_ event: Event<Output>) {
        outbox.append(event)
    }

    /// As the emitter, without the lock: delivers `first`, then whatever queued up meanwhile. It stops being the
    /// emitter with a compare-and-swap from emitting to idle, which fails once something was queued.
    final func deliver(_ first: Event<Output>) {
        sink(first)
        if EmitState.stop(emitState) { return }
        deliverQueued()
    }

    /// As the emitter, without the lock, once something was queued: delivers the queue, one event per critical
    /// section, until the compare-and-swap to idle succeeds. Out of line: it runs only when
    /// events raced or an observer reentered the operator.
    @inline(never)
    final func deliverQueued() {
        repeat {
            lock.lock()
            // The stop failed, so the state is queued, and queued means the outbox holds an event.
            let next = outbox[outboxHead]
            outboxHead += 1
            if outboxHead == outbox.count {
                outbox.removeAll(keepingCapacity: true)
                outboxHead = 0
                emitState.store(EmitState.emitting, ordering: .relaxed)
            }
            lock.unlock()
            sink(next)
        } while !EmitState.stop(emitState)
    }
}

/// The values of an emitter's `emitState` (``SerializedEmitter``, ``SubjectHub``), and its two moves that matter.
///
/// Idle → emitting and emitting → queued happen only under the owner's lock; queued → emitting (the emitter took
/// the queue) and back to idle at the end of a drain too. The one move without the lock is the emitter's
/// emitting → idle after a delivery, which fails once anything was queued meanwhile.
enum EmitState {
    /// Nobody is delivering.
    static let idle = 0
    /// A thread is delivering, and nothing was queued since it last looked.
    static let emitting = 1
    /// A thread is delivering, and something is queued for it.
    static let queued = 2

    /// Holding the owner's lock: whether a thread is delivering and will look at the queue before it stops (then
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

    /// Holding the owner's lock: makes this thread the emitter (`true`) unless a thread is delivering and will look
    /// at the queue before it stops (`false`: queue what was to be delivered, for it).
    static func becomeEmitter(_ state: AtomicView<Int>) -> Bool {
        if emitterWillLook(state) { return false }
        state.store(emitting, ordering: .relaxed)
        return true
    }

    /// As the emitter, without the lock, after a delivery: stops being the emitter unless something was queued
    /// meanwhile (then `false`: take the lock and deliver it).
    static func stop(_ state: AtomicView<Int>) -> Bool {
        state.compareExchange(expected: emitting, desired: idle, ordering: .releasing).exchanged
    }
}
