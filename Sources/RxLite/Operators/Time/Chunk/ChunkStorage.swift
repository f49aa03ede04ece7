import Foundation

/// What `buffer(timeSpan:count:scheduler:)`'s and `window(timeSpan:count:scheduler:)`'s storages share: a
/// ``ChunkStateMachine`` under the lock and the timer that ends a chunk by time. Each subclass says what a chunk is
/// (an array, a subject) and how one closes (``closeChunk(if:)``).
class ChunkStorage<Output, Scheduler: SchedulerType>: TimedEmitter<Output, Scheduler>, @unchecked Sendable {
    // Guarded by `lock`.
    @exclusivity(unchecked) final var machine: ChunkStateMachine

    /// A storage whose first chunk starts now and ends after `timeSpan` or `count` elements.
    init(
        timeSpan: RxTimeInterval, count: Int, scheduler: Scheduler, lifetime: Lifetime,
        sink: @escaping EventSink<Output>
    ) {
        machine = ChunkStateMachine(timeSpan: timeSpan.timeInterval, count: count, startedAt: scheduler.now)
        super.init(scheduler: scheduler, lifetime: lifetime, sink: sink)
    }

    /// Ends the current chunk by time and starts the next, if `transition` (the machine's, run holding the lock)
    /// says so: in its critical section, so no element falls between the machine's chunk and the subclass's. Every
    /// subclass (buffer, window) overrides it.
    func closeChunk(if transition: () -> Bool) {
        preconditionFailure("Internal inconsistency: \(Self.self) does not override ChunkStorage.closeChunk(if:)")
    }

    final override func timerFired() {
        guard lifetime.isActive else { return }
        let now = scheduler.now
        var rearmAfter: TimeInterval?
        closeChunk {
            switch machine.timerFired(now: now) {
            case .none:
                return false
            case .armTimer(let seconds):
                rearmAfter = seconds
                return false
            case .closeChunk(let seconds):
                rearmAfter = seconds
                return true
            }
        }
        if let rearmAfter { armTimer(after: rearmAfter) }
    }
}
