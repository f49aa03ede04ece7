/// The locked box of an operator that has several upstreams (merge, combineLatest, zip, flatMap, the time operators,
/// ...): its state machine under a lock, and the drain that keeps its output one event at a time.
///
/// An operator's storage holds one as a `let` (or, with nothing else to hold, is one: `MergeStorage` is a type alias
/// with merge's methods in a constrained extension). The machine (`State`) changes only in the closures handed to
/// the emitter, which run under the lock and return what to emit (the `withLock { machine -> action }` shape):
/// ``emit(_:)-(State)->Event<Output>?`` in general, ``emit(next:if:)`` and ``emitCompletion(if:)`` on the paths
/// every event takes, whose decision is a `Bool` rather than an optional event (compiled once, an optional event
/// looks up its metadata). Those are always inlined, so that the storage's closure is inlined into them; what they
/// end in, when it builds an `Event`, is out of line, so that the event's metadata is looked up only then. The event goes through the ``Drain``, which delivers it after the lock is released.
///
/// The tail: word 0 the lock, word 1 the drain's ``EmitState``, then the ``EmitterFields``. Final: nothing
/// subclasses it to add fields; a storage keeps its own in `let`s.
///
/// Invariants (debug builds check the last after every admission and every event the emitter takes out; the
/// ``Drain`` checks its own; the held-lock check of ``HeldLocks`` catches a lock held while an observer runs):
/// - The lock guards the state and the emitter's fields but `sink`; it is never held while `sink` runs.
/// - Events reach `sink` one at a time, in the order they were decided under the lock (see ``Drain``).
/// - After a terminal event is admitted (``isStopped``), nothing else is: the backlog holds a terminal event only
///   once ``isStopped`` is set, and only as its last event.
final class SerializedEmitter<Output, State>: LockedBuffer<State> {
    /// An emitter that delivers to `sink`, with `state` as the operator's machine; with `block`, the emitter's
    /// allocation has room for a ``LatestElementsBlock`` of that layout too (``latestElements``).
    static func make(sink: EventSink<Output>, state: State, block: LatestElementsLayout? = nil) -> SerializedEmitter {
        let storage = make(words: 2 + emitterWords + (block.map(words(for:)) ?? 0), state: state)
        storage.placeFields(EmitterFields(sink: sink), at: 2)
        return storage
    }

    /// The words a block of `layout` takes in the tail, whose words are word-aligned: its bytes, and room to align
    /// its start when it asks for more.
    private static func words(for layout: LatestElementsLayout) -> Int {
        let wordSize = MemoryLayout<Int>.stride
        let padding = max(layout.alignment - wordSize, 0)
        return (layout.byteCount + padding + wordSize - 1) / wordSize
    }

    /// The block of latest elements of `layout`, the one this emitter was made with room for, in its allocation
    /// after the emitter's fields (aligned as the layout asks). The owner deinitializes its elements before the
    /// emitter goes away.
    @inline(__always)
    final func latestElements(_ layout: LatestElementsLayout) -> LatestElementsBlock {
        let start = word(2 + Self.emitterWords)
        let misalignment = Int(bitPattern: start) % layout.alignment
        return LatestElementsBlock(
            base: start + (misalignment == 0 ? 0 : layout.alignment - misalignment), layout: layout)
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

    /// Emits `element` if `admits`, run on the machine holding the lock, says so; nothing happens after a terminal
    /// event (`admits` does not run then). The element path of an operator whose machine decides per element
    /// (`flatMapLatest`'s current inner): the decision is a `Bool` and the element goes out as
    /// itself, so the path forms no type from the element.
    @inline(__always)
    final func emit(next element: Output, if admits: (inout State) -> Bool) {
        lock.lock()
        if emitter.pointee.isStopped || !admits(&state.pointee) {
            lock.unlock()
            return
        }
        unlock(emittingNext: element)
    }

    /// The element path of an operator whose output is built under the lock (`combineLatest`'s selector over the
    /// latest elements, a full `buffer`): `decide` updates the machine and says whether an element is due (built by
    /// `make`, also holding the lock) or the output completes; an error either throws fails the output. Nothing
    /// happens after a terminal event. The decision is a ``ElementPathStep``, not an optional event, for the reason
    /// ``emit(next:if:)`` gives.
    @inline(__always)
    final func emitNext(
        _ decide: (inout State) -> ElementPathStep, making make: (inout State) throws -> Output
    ) {
        lock.lock()
        let state = state
        if emitter.pointee.isStopped {
            lock.unlock()
            return
        }
        switch decide(&state.pointee) {
        case .none:
            lock.unlock()
        case .complete:
            unlockCompleting()
        case .next:
            let output: Output
            do { output = try make(&state.pointee) } catch {
                unlock(failingWith: error)
                return
            }
            unlock(emittingNext: output)
        }
    }

    /// Completes the output if `ends`, run on the machine holding the lock, says so (the last upstream of a merge
    /// completed); nothing happens after a terminal event. A `Bool` decision, for the reason ``emit(next:if:)``
    /// gives.
    @inline(__always)
    final func emitCompletion(if ends: (inout State) -> Bool) {
        lock.lock()
        if emitter.pointee.isStopped || !ends(&state.pointee) {
            lock.unlock()
            return
        }
        unlockCompleting()
    }

    /// Runs `body` on the machine holding the lock unless a terminal event was admitted; `nil` then.
    @inline(__always)
    final func withLockUnlessStopped<Result>(_ body: (inout State) -> Result) -> Result? {
        let lock = lock
        lock.lock()
        defer { lock.unlock() }
        if emitter.pointee.isStopped { return nil }
        return body(&state.pointee)
    }

    /// Runs `decide` holding the lock and admits what the ``EmitStep`` it returns emits, in that critical section (an
    /// element and the completion behind it together, so no other thread's event comes between them). For the
    /// transitions that emit an element seldom (a timer's firing, an upstream's end): the step is generic over the
    /// output, so it is built only where the emitter is inlined and the step's type never looked up.
    @inline(__always)
    final func emit(step decide: (inout State) -> EmitStep<Output>) {
        lock.lock()
        switch decide(&state.pointee) {
        case .none:
            lock.unlock()
        case .next(let element):
            unlock(emitting: .next(element))
        case .nextThenComplete(let element):
            let delivers = admit(.next(element))
            // Queued behind the element, in the same critical section.
            _ = admit(.completed)
            lock.unlock()
            if delivers { deliver(.next(element)) }
        case .complete:
            unlock(emitting: .completed)
        }
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

/// What an element does to an operator's output, decided under an emitter's lock (see
/// ``SerializedEmitter/emitNext(_:making:)``).
enum ElementPathStep {
    /// Nothing goes out.
    case none
    /// An element goes out.
    case next
    /// The output completes.
    case complete
}

/// What a transition emits, decided under an emitter's lock (see ``SerializedEmitter/emit(step:)``).
enum EmitStep<Output> {
    /// Nothing.
    case none
    /// An element.
    case next(Output)
    /// An element, then the completion.
    case nextThenComplete(Output)
    /// The completion.
    case complete
}
