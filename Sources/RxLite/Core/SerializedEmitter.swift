/// State shared by the upstreams of one operator that has several (merge, combineLatest, zip, flatMap, ...), and
/// the queue that keeps its output one event at a time.
///
/// Operators subclass it, keep their own fields under `lock`, and emit with ``emitLocked(_:)``.
///
/// Invariants:
/// - `lock` guards the subclass's state and `outbox`; it is never held while `sink` runs.
/// - Only the thread that set `isEmitting` calls `sink`; others queue into `outbox` and return, so output order is
///   the order in which events were produced under the lock, and calls never overlap (also when an observer
///   reenters the operator).
/// - After a terminal event is queued (`isStopped`), nothing else is queued.
@usableFromInline
class SerializedEmitter<Output>: @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    final let lock = Lock()
    @usableFromInline
    final let sink: EventSink<Output>
    @usableFromInline
    @exclusivity(unchecked) final var outbox: [Event<Output>] = []
    @usableFromInline
    @exclusivity(unchecked) final var outboxHead = 0
    @usableFromInline
    @exclusivity(unchecked) final var isEmitting = false
    @usableFromInline
    @exclusivity(unchecked) final var isStopped = false

    @usableFromInline
    init(sink: @escaping EventSink<Output>) {
        self.sink = sink
    }

    /// Emits `event` (dropped after a terminal event), for operators with no state of their own to update.
    @inlinable
    final func emit(_ event: Event<Output>) {
        lock.lock()
        emitLocked(event)
    }

    /// Emits `event` (dropped after a terminal event) and releases the lock. Call with the lock held.
    @inlinable
    final func emitLocked(_ event: Event<Output>) {
        if isStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent { isStopped = true }
        if isEmitting {
            outbox.append(event)
            lock.unlock()
            return
        }
        isEmitting = true
        lock.unlock()
        sink(event)
        lock.lock()
        drainLocked()
    }

    /// Delivers whatever queued up while this thread was emitting, then clears `isEmitting` and releases the
    /// lock.
    @inlinable
    final func drainLocked() {
        while outboxHead < outbox.count {
            let next = outbox[outboxHead]
            outboxHead += 1
            lock.unlock()
            sink(next)
            lock.lock()
        }
        if outboxHead > 0 {
            outbox.removeAll(keepingCapacity: true)
            outboxHead = 0
        }
        isEmitting = false
        lock.unlock()
    }
}
