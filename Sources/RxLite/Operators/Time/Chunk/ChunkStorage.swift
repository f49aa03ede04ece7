import Foundation

/// What `buffer(timeSpan:count:scheduler:)`'s and `window(timeSpan:count:scheduler:)`'s storages share: a
/// ``ChunkStateMachine`` under the lock and the timer that ends a chunk by time. Each subclass says what a chunk is
/// (an array, a subject) and how one closes (``closeChunkLocked()``).
@usableFromInline
class ChunkStorage<Output, Scheduler: SchedulerType>: TimedEmitter<Output, Scheduler>, @unchecked Sendable {
    // Guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) final var machine: ChunkStateMachine

    /// A storage whose first chunk starts now and ends after `timeSpan` or `count` elements.
    @inlinable
    init(
        timeSpan: RxTimeInterval, count: Int, scheduler: Scheduler, lifetime: Lifetime,
        sink: @escaping EventSink<Output>
    ) {
        machine = ChunkStateMachine(timeSpan: timeSpan.timeInterval, count: count, startedAt: scheduler.now)
        super.init(scheduler: scheduler, lifetime: lifetime, sink: sink)
    }

    /// Takes the lock for an element arriving now and returns now; `nil`, with the lock released, once the chunks
    /// have ended.
    @inlinable
    final func lockForElement() -> Date? {
        let now = scheduler.now
        lock.lock()
        guard case .running = machine.state else {
            lock.unlock()
            return nil
        }
        return now
    }

    /// Ends the current chunk by time and starts the next. Called with the lock held; returns with it released. Every
    /// subclass (buffer, window) overrides it.
    @usableFromInline
    func closeChunkLocked() {
        preconditionFailure("Internal inconsistency: \(Self.self) does not override ChunkStorage.closeChunkLocked()")
    }

    @usableFromInline
    final override func timerFired() {
        guard lifetime.isActive else { return }
        let now = scheduler.now
        lock.lock()
        switch machine.timerFired(now: now) {
        case .none:
            lock.unlock()
        case .armTimer(let seconds):
            lock.unlock()
            armTimer(after: seconds)
        case .closeChunk(let seconds):
            closeChunkLocked()
            armTimer(after: seconds)
        }
    }
}
