import Foundation

/// The logic of `buffer(timeSpan:count:scheduler:)` and `window(timeSpan:count:scheduler:)`, without locks or
/// schedulers: when the current chunk ends.
///
/// A chunk ends when `timeSpan` has passed since it started or when it holds `count` elements, whichever is first;
/// the next chunk starts at once.
///
/// Invariants (debug builds check the first after every transition; no state records the timer, so the second is
/// the transitions' shape, which the tests drive):
/// - While running, the current chunk holds fewer than `count` elements: the element that fills it closes it (a
///   `count` below 1 closes a chunk on every element, so it holds none).
/// - One timer is outstanding while running. A chunk cut short by `count` only moves `chunkEnd` later; the timer,
///   due at the old end, fires early and is re-armed for the rest, so chunks ended by count allocate no timer.
struct ChunkStateMachine {
    enum State {
        /// The current chunk holds `count` elements and ends at `chunkEnd`.
        case running(count: Int, chunkEnd: Date)
        /// A terminal event went out.
        case finished
    }

    enum TimerAction {
        /// Finished.
        case none
        /// The chunk's time is up: close it, start the next, and arm the timer for `after`.
        case closeChunk(rearmAfter: TimeInterval)
        /// The chunk was replaced by count since the timer was armed: arm again for the rest.
        case armTimer(after: TimeInterval)
    }

    var state: State
    let timeSpan: TimeInterval
    let maxCount: Int

    init(timeSpan: TimeInterval, count: Int, startedAt now: Date) {
        precondition(count > 0, "buffer/window count must be positive, got \(count)")
        self.timeSpan = timeSpan
        self.maxCount = count
        self.state = .running(count: 0, chunkEnd: now.addingTimeInterval(timeSpan))
        _checkInvariants()
    }

    /// An element arrived at `now` and joined the current chunk; `true` when that filled it (close it and start the
    /// next now).
    mutating func next(now: Date) -> Bool {
        guard case .running(let count, let chunkEnd) = state else { return false }
        defer { _checkInvariants() }
        if count + 1 >= maxCount {
            state = .running(count: 0, chunkEnd: now.addingTimeInterval(timeSpan))
            return true
        }
        state = .running(count: count + 1, chunkEnd: chunkEnd)
        return false
    }

    /// The source ended; `true` when its terminal event goes out.
    mutating func finish() -> Bool {
        guard case .running = state else { return false }
        state = .finished
        return true
    }

    /// The timer fired at `now`.
    mutating func timerFired(now: Date) -> TimerAction {
        guard case .running(_, let chunkEnd) = state else { return .none }
        if let rest = now.timeLeft(until: chunkEnd) { return .armTimer(after: rest) }
        state = .running(count: 0, chunkEnd: now.addingTimeInterval(timeSpan))
        _checkInvariants()
        return .closeChunk(rearmAfter: timeSpan)
    }

    /// Debug builds: traps unless a running chunk holds fewer elements than fill it.
    func _checkInvariants() {
        #if DEBUG
            if case .running(let count, _) = state {
                precondition(
                    count >= 0 && (count < maxCount || count == 0),
                    "Internal inconsistency: a chunk holds \(count) elements of at most \(maxCount - 1)")
            }
        #endif
    }
}

/// The state of an operator that cuts its input into chunks (`buffer`, `window`): its ``ChunkStateMachine`` and
/// what it keeps of the current chunk.
protocol ChunkHolding {
    var chunk: ChunkStateMachine { get set }
}

extension SerializedEmitter where State: ChunkHolding {
    /// What the chunk timer's firing at `now` does for `buffer` and `window`: ends the current chunk by time and
    /// starts the next, if the machine says so. `closeChunk` closes it, running the transition it is handed holding
    /// the lock, in the critical section that swaps the chunk, so no element falls between the machine's chunk and
    /// the operator's. Returns when to arm the timer again (`nil`: not at all).
    func chunkTimerFired(now: Date, closeChunk: ((inout State) -> Bool) -> Void) -> TimeInterval? {
        var rearmAfter: TimeInterval?
        closeChunk { machine in
            switch machine.chunk.timerFired(now: now) {
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
        return rearmAfter
    }
}
