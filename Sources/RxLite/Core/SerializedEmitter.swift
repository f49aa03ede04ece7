/// The storage of an operator that has several upstreams (merge, combineLatest, zip, flatMap, the time operators,
/// ...): its state, and the drain that keeps its output one event at a time.
///
/// An operator's storage subclasses it with methods only (see ``LockedBuffer``): its own fields are the buffer's
/// state (`State`), under the same lock as the emitter's (``EmitterFields``, in the tail). It changes them in the
/// closure it hands to ``emit(_:)-(State)->Event<Output>?``, which runs under the lock and returns what to emit (the
/// `withLock { state -> action }` shape); the event goes through the ``Drain``, which delivers it after the lock is
/// released.
///
/// The tail: word 0 the lock, word 1 the drain's ``EmitState``, then the ``EmitterFields``, then the words the
/// operator asked for (``extraWords``).
///
/// Invariants (debug builds check the last after every admission and every event the emitter takes out; the
/// ``Drain`` checks its own; the held-lock check of ``HeldLocks`` catches a lock held while an observer runs):
/// - The lock guards the state and the emitter's fields but `sink`; it is never held while `sink` runs.
/// - Events reach `sink` one at a time, in the order they were decided under the lock (see ``Drain``).
/// - After a terminal event is admitted (``isStopped``), nothing else is: the backlog holds a terminal event only
///   once ``isStopped`` is set, and only as its last event.
class SerializedEmitter<Output, State>: LockedBuffer<State> {
    /// An emitter that delivers to `sink`, with `state` as the operator's own, and `extraWords` words of raw memory
    /// in its allocation for the operator to lay out (``extraWords``).
    final class func make(sink: EventSink<Output>, state: State, extraWords: Int = 0) -> Self {
        let storage = make(words: 2 + emitterWords + extraWords, state: state)
        storage.placeFields(EmitterFields(sink: sink), at: 2)
        return storage
    }

    /// The words the emitter's fields take.
    @inline(__always)
    static var emitterWords: Int { tailWords(for: EmitterFields<Output>.self) }

    deinit {
        removeFields(at: 2, as: EmitterFields<Output>.self)
    }

    /// The drain's ``EmitState``: whether a thread is delivering, and whether anything was queued for it since it
    /// last looked.
    @inline(__always)
    final var emitState: AtomicView<Int> { atomic(1) }

    /// The emitter's fields.
    @inline(__always)
    final var emitter: UnsafeMutablePointer<EmitterFields<Output>> { fields(at: 2, as: EmitterFields<Output>.self) }

    /// The first of the `extraWords` words asked for in ``make(sink:state:extraWords:)``.
    @inline(__always)
    final var extraWords: UnsafeMutableRawPointer { word(2 + Self.emitterWords) }

    /// Places `fields`, the operator's fields that threads read without the lock (what it was made with: its
    /// selector, its lifetime), at the start of the extra words, which the operator asked for with
    /// `extraWords: tailWords(for: Fields.self)`. They cannot be part of the state: a closure that changes the state
    /// under the lock is handed all of it `inout`, which ThreadSanitizer counts as a write to every field. The
    /// operator releases them in its `deinit` (``removeOperatorFields(as:)``).
    @inline(__always)
    final func placeOperatorFields<Fields>(_ fields: Fields) {
        placeFields(fields, at: 2 + Self.emitterWords)
    }

    /// The fields placed with ``placeOperatorFields(_:)``.
    @inline(__always)
    final func operatorFields<Fields>(as type: Fields.Type) -> UnsafeMutablePointer<Fields> {
        fields(at: 2 + Self.emitterWords, as: Fields.self)
    }

    /// Releases the fields placed with ``placeOperatorFields(_:)``: for the operator's `deinit`.
    @inline(__always)
    final func removeOperatorFields<Fields>(as type: Fields.Type) {
        removeFields(at: 2 + Self.emitterWords, as: Fields.self)
    }

    /// Whether a terminal event was admitted: nothing after it is. Read and set holding the lock; an operator that
    /// ends its output without emitting (`skip(until:)`) sets it.
    @inline(__always)
    final var isStopped: Bool {
        get { emitter.pointee.isStopped }
        set { emitter.pointee.isStopped = newValue }
    }

    /// Emits `event` (dropped after a terminal event), for operators with no state of their own to update.
    ///
    /// Hands the lock to ``unlock(emitting:)`` directly: through `emit { event }` the event became an
    /// `Event<Output>?`, whose metadata code compiled once for every element type looks up per event.
    final func emit(_ event: Event<Output>) {
        lock.lock()
        unlock(emitting: event)
    }

    /// Emits `element` (dropped after a terminal event): ``emit(_:)-(Event<Output>)`` for an element that arrives
    /// as itself, delivered to the sink as itself.
    final func emit(next element: Output) {
        lock.lock()
        unlock(emittingNext: element)
    }

    /// Runs `decide` holding the lock, and admits the event it returns (dropped after a terminal event) before
    /// releasing it; then delivers, unless another thread (or an outer call on this one) is delivering already.
    ///
    /// `decide` updates the state and says what that emits, `nil` for nothing. Deciding and admitting in one
    /// critical section is what keeps the output in the order the state changed, whichever threads race.
    final func emit(_ decide: (inout State) -> Event<Output>?) {
        lock.lock()
        // One call per case, each with an event of known case: where the optimizer does not inline `decide`, an
        // event of unknown case cost an outlined destroy per event.
        switch decide(&state.pointee) {
        case .next(let element)?: unlock(emitting: .next(element))
        case .error(let error)?: unlock(emitting: .error(error))
        case .completed?: unlock(emitting: .completed)
        case nil: lock.unlock()
        }
    }

    /// `emit(_:)` for a decision that can emit two events, `first` then `second`: an element and the completion
    /// that follows it (`sample`, the timed operators). Both are admitted in the one critical section, so no other
    /// thread's event comes between them.
    final func emitEvents(_ decide: (inout State) -> (first: Event<Output>?, second: Event<Output>?)) {
        lock.lock()
        let (first, second) = decide(&state.pointee)
        var delivers: Event<Output>?
        if let first, admit(first) { delivers = first }
        // Queued behind `first` when this thread delivers it: admitting `first` made it the emitter.
        if let second, admit(second) { delivers = second }
        lock.unlock()
        if let delivers { deliver(delivers) }
    }

    /// The end of `emit(_:)`, which took the lock: admits `event` and releases the lock, then delivers if this
    /// thread became the emitter. Kept apart from `emit(_:)`, which calls it once per case of the event; an operator
    /// whose element path takes the lock itself (to skip the optional event of `emit { }`) ends with it too.
    final func unlock(emitting event: Event<Output>) {
        let delivers = admit(event)
        lock.unlock()
        if delivers { deliver(event) }
    }

    /// ``unlock(emitting:)`` for an element: no `Event` is built unless the element waits for another thread's
    /// delivery (the element path of every operator with several upstreams ends here).
    final func unlock(emittingNext element: Output) {
        let emitter = emitter
        if emitter.pointee.isStopped {
            lock.unlock()
            return
        }
        guard emitter.pointee.drain.admitWithoutItem(emitState) else {
            queue(next: element)
            lock.unlock()
            return
        }
        lock.unlock()
        emitter.pointee.sink.on(next: element)
        if EmitState.stop(emitState) { return }
        deliverQueued()
    }

    /// Holding the lock: queues `element` for the thread that is delivering. Out of line, as every place that
    /// builds an `Event` on an element path is: inlined, the event's metadata was looked up on every element, not
    /// only on the ones queued.
    @inline(never)
    final func queue(next element: Output) {
        let emitter = emitter
        emitter.pointee.drain.enqueue(.next(element))
        emitter.pointee.drain._checkInvariants(emitState)
        _checkInvariants()
    }

    /// ``unlock(emitting:)`` of the completion, out of line for the reason ``queue(next:)`` gives: for an element
    /// path that may end the output.
    @inline(never)
    final func unlockCompleting() {
        unlock(emitting: .completed)
    }

    /// Emits the failure `error`: ``emit(_:)-(Event<Output>)``, out of line for the reason ``queue(next:)`` gives, for
    /// an element path that may fail (a selector that throws).
    @inline(never)
    final func emit(error: any Error) {
        lock.lock()
        unlock(emitting: .error(error))
    }

    /// ``unlock(emitting:)`` of the failure `error`, out of line for the reason ``queue(next:)`` gives.
    @inline(never)
    final func unlock(failingWith error: any Error) {
        unlock(emitting: .error(error))
    }

    /// Holding the lock: whether this thread is to deliver `event` now (it becomes the emitter); otherwise the event
    /// is queued for the emitter, or dropped after a terminal event.
    ///
    /// It touches the emitter's fields one by one, never the struct as a whole: the emitter reads `sink` without the
    /// lock, and a mutating method of the struct would be a write to all of it (ThreadSanitizer reports one).
    @inline(__always)
    final func admit(_ event: Event<Output>) -> Bool {
        let emitter = emitter
        if emitter.pointee.isStopped { return false }
        if event.isStopEvent { emitter.pointee.isStopped = true }
        let delivers = emitter.pointee.drain.admit(event, emitState)
        _checkInvariants()
        return delivers
    }

    /// As the emitter, without the lock: delivers `first`, then whatever was queued meanwhile. Always inlined into
    /// `unlock(emitting:)`, as the class's method was before the state moved into the buffer.
    @inline(__always)
    final func deliver(_ first: Event<Output>) {
        emitter.pointee.sink(first)
        if EmitState.stop(emitState) { return }
        deliverQueued()
    }

    /// As the emitter, without the lock, once something was queued: delivers the backlog, one event per critical
    /// section, until the stop succeeds. Out of line: it runs only when events raced or an observer reentered the
    /// operator.
    @inline(never)
    final func deliverQueued() {
        let emitter = emitter
        repeat {
            lock.lock()
            // The stop failed, so something is queued.
            let next = emitter.pointee.drain.next(emitState)!
            _checkInvariants()
            lock.unlock()
            emitter.pointee.sink(next)
        } while !EmitState.stop(emitState)
    }

    /// Debug builds, holding the lock: traps unless the backlog holds a terminal event only once ``isStopped`` is set,
    /// and nothing behind it. It walks a short backlog only (the usual one is empty), so that one that grew long
    /// under contention keeps each admission O(1).
    final func _checkInvariants() {
        #if DEBUG
            let emitter = emitter
            guard emitter.pointee.drain.queuedCount <= 16 else { return }
            var isBehindStop = false
            emitter.pointee.drain.forEachQueued { event in
                precondition(!isBehindStop, "Internal inconsistency: an event is queued behind a terminal one")
                if event.isStopEvent {
                    precondition(
                        emitter.pointee.isStopped, "Internal inconsistency: a terminal event is queued, not admitted")
                    isBehindStop = true
                }
            }
        #endif
    }
}

/// What every ``SerializedEmitter`` keeps, in the tail of its buffer: a struct of fixed layout whatever the element
/// type, so that the emitter's code reaches each field at an offset known when it is compiled.
struct EmitterFields<Output> {
    let live = LiveResource()
    /// Where the output goes. Never changes, so read without the lock.
    let sink: EventSink<Output>
    /// Set when a terminal event is admitted: nothing after it is.
    var isStopped = false
    /// The events waiting for the emitter.
    var drain = Drain<Event<Output>>()

    @inline(__always)
    init(sink: EventSink<Output>) {
        self.sink = sink
    }
}
