/// Delivers the events of several upstreams to one sink, one at a time and in arrival order, and nothing after the
/// first terminal event: rule 2 for operators with more than one upstream.
///
/// An event that arrives while another is being delivered (from another thread, or reentrantly from the sink
/// itself) is queued and delivered by the thread already delivering, after the current event returns. The lock is
/// never held while `sink` runs.
///
/// Invariants, all under `lock`:
/// - `isDelivering` is `true` while exactly one thread runs the delivery loop; only that thread calls `sink`.
/// - `pending` is empty whenever `isDelivering` is `false`.
/// - `isStopped` becomes `true` when a terminal event is accepted; every event offered after that is dropped.
@usableFromInline
final class SerializedSink<Element>: @unchecked Sendable {
    @usableFromInline
    let sink: EventSink<Element>
    @usableFromInline
    let lock = SpinLock()
    // Guarded by `lock`.
    @usableFromInline
    var pending: [Event<Element>] = []
    @usableFromInline
    var isDelivering = false
    @usableFromInline
    var isStopped = false

    @inlinable
    init(_ sink: @escaping EventSink<Element>) {
        self.sink = sink
        #if DEBUG
            Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
            Resources.decrement()
        #endif
    }

    /// Offers one event: delivers it now, or queues it behind the delivery in progress, or drops it after a
    /// terminal event.
    @inlinable
    func on(_ event: Event<Element>) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent { isStopped = true }
        if isDelivering {
            pending.append(event)
            lock.unlock()
            return
        }
        isDelivering = true
        lock.unlock()
        sink(event)
        deliverPending()
    }

    @inlinable
    func deliverPending() {
        while true {
            lock.lock()
            if pending.isEmpty {
                isDelivering = false
                lock.unlock()
                return
            }
            let batch = pending
            pending = []
            lock.unlock()
            for event in batch { sink(event) }
        }
    }
}
