/// Events handed from the threads that produce them to one consumer that runs elsewhere (a scheduler, the main queue,
/// an actor), in arrival order, with at most one drain scheduled at a time: the state `observe(on:)` and isolated
/// delivery keep under their lock.
///
/// The transitions are pure: the storage that holds this machine takes its lock, calls one, and after unlocking does
/// what the result says (schedule a drain, deliver a batch). A burst of events that arrive while a drain is pending
/// joins it, so the burst costs one scheduled action.
///
/// The transitions an element path takes per event (``beginsDrainingHere()``, ``finishesDrain(discarding:)``) and
/// those of subscribing and disposing are always inlined: called, each looked up this type's metadata every time.
///
/// Invariants (``_checkInvariants()`` checks them in debug builds):
/// - Events wait only while a drain is scheduled or running (``isDraining``).
/// - ``hasQueued`` says whether any wait. The element paths read this flag, never the queue: compiled once for every
///   element type, asking the array whether it is empty looked up its metadata and conformance per event.
/// - `spare`, the buffer of the last batch handed back for the queue to take next, holds no event.
struct ScheduledDrainStateMachine<Element> {
    private var queue: [Event<Element>] = []
    private var spare: [Event<Element>] = []

    /// Whether events wait for the drain.
    private(set) var hasQueued = false

    /// Whether a drain is scheduled or running: an event that arrives now waits for it.
    private(set) var isDraining = false

    @inline(__always)
    init() {}

    /// Whether the thread that has an event now may deliver it at once, as the drain: none is scheduled or running.
    /// When it may, it is the drain from now on (``isDraining`` is set) and ends it with ``takeBatch(discarding:)``
    /// like a scheduled one, so that what arrived meanwhile is delivered after its event.
    @inline(__always)
    mutating func beginsDrainingHere() -> Bool {
        if isDraining { return false }
        isDraining = true
        return true
    }

    /// Queues `event`; returns whether the caller must schedule a drain (none is scheduled or running yet).
    mutating func enqueue(_ event: Event<Element>) -> Bool {
        queue.append(event)
        hasQueued = true
        if isDraining { return false }
        isDraining = true
        return true
    }

    /// For the drain, before it takes what waits: whether it is over, because nothing waits or because of
    /// `discarding` (the subscription ended: what waits is dropped). An ended drain clears ``isDraining``.
    @inline(__always)
    mutating func finishesDrain(discarding: Bool = false) -> Bool {
        if discarding { removeAll() }
        if hasQueued { return false }
        isDraining = false
        return true
    }

    /// For the drain: everything queued, in order, the queue taking the spare buffer; `nil` when the drain is over
    /// (``finishesDrain(discarding:)``).
    mutating func takeBatch(discarding: Bool = false) -> [Event<Element>]? {
        if finishesDrain(discarding: discarding) { return nil }
        var batch = spare
        spare = []
        swap(&batch, &queue)
        hasQueued = false
        return batch
    }

    /// For the drain, after delivering `batch` (emptied, keeping its capacity): its buffer, for the queue to take next
    /// time, so that a steady stream reuses two buffers instead of allocating one per batch.
    mutating func recycle(_ batch: [Event<Element>]) {
        spare = batch
    }

    /// For a drain that delivers one event per scheduled action (on a virtual clock): the first event queued; `nil`
    /// when the drain is over (``finishesDrain(discarding:)``).
    mutating func takeFirst(discarding: Bool = false) -> Event<Element>? {
        if finishesDrain(discarding: discarding) { return nil }
        let event = queue.removeFirst()
        hasQueued = !queue.isEmpty
        return event
    }

    /// Drops every waiting event and the spare buffer (the subscription was disposed). A scheduled drain still runs
    /// and ends finding nothing.
    @inline(__always)
    mutating func removeAll() {
        queue.removeAll()
        spare = []
        hasQueued = false
    }

    /// Whether the last event queued is a terminal one (for the holder's invariants).
    var endsWithStopEvent: Bool { queue.last?.isStopEvent ?? false }

    /// Debug builds: traps unless the invariants the type states hold. Costs the same however many events wait.
    func _checkInvariants() {
        #if DEBUG
            precondition(
                hasQueued == !queue.isEmpty,
                "Internal inconsistency: a drain's state says events wait: \(hasQueued); \(queue.count) do")
            precondition(isDraining || !hasQueued, "Internal inconsistency: events wait with no drain scheduled")
            precondition(spare.isEmpty, "Internal inconsistency: a drain's spare buffer holds events")
        #endif
    }
}
