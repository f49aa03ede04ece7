import Foundation

/// The one timer of a ``TimerOwner``: the handle of the newest armed timer and the counters that decide whether a
/// handle or a firing that arrives late still counts.
///
/// Not thread-safe by itself: its owner keeps it under the lock that guards the owner's other state, so that a
/// transition and the timer bookkeeping it causes happen in one critical section.
///
/// Invariants (debug builds check, after every change, that a closed slot holds no handle; the rest are orders of
/// arming, storing and firing between threads, which no state shows):
/// - At most one timer is outstanding; `handle` holds the newest one. Arming counts `generation` up, so a handle
///   stored late (its timer already fired and armed a newer one) does not replace the newer handle.
/// - `reset()` and `close()` start a new `epoch`: a handle of an older epoch is disposed when it arrives, and the
///   owner ignores the firing of an older epoch (``isCurrent(_:)``). After `close()` nothing can be armed, so a
///   closed slot holds no handle.
package struct TimerSlot {
    /// What ``TimerSlot/store(_:for:)`` needs to know about the timer being armed.
    package struct Ticket {
        let generation: UInt64
        let epoch: UInt64
    }

    private var handle: (any Disposable)?
    private var generation: UInt64 = 0
    /// The current epoch; a timer armed in it may fire.
    package private(set) var epoch: UInt64 = 0
    private var isClosed = false

    package init() {}

    /// Whether a timer or action of `epoch` still counts (no `reset()` or `close()` since).
    package func isCurrent(_ epoch: UInt64) -> Bool {
        !isClosed && epoch == self.epoch
    }

    /// Starts arming a timer for `epoch` (the current one when `nil`); `nil` when that epoch is over.
    mutating func beginArming(in epoch: UInt64?) -> Ticket? {
        let epoch = epoch ?? self.epoch
        guard isCurrent(epoch) else { return nil }
        generation &+= 1
        _checkInvariants()
        return Ticket(generation: generation, epoch: epoch)
    }

    /// Keeps the handle of the timer armed with `ticket`; returns it for the caller to dispose, outside the lock,
    /// when its epoch ended while it was being scheduled.
    mutating func store(_ handle: any Disposable, for ticket: Ticket) -> (any Disposable)? {
        guard isCurrent(ticket.epoch) else { return handle }
        if ticket.generation == generation { self.handle = handle }
        _checkInvariants()
        return nil
    }

    /// Starts a new epoch and gives up the outstanding timer's handle, for the caller to dispose outside the lock.
    /// Timers may be armed again.
    package mutating func reset() -> (any Disposable)? {
        epoch &+= 1
        let handle = self.handle
        self.handle = nil
        _checkInvariants()
        return handle
    }

    /// As ``reset()``, and nothing can be armed any more.
    package mutating func close() -> (any Disposable)? {
        isClosed = true
        return reset()
    }

    /// Debug builds: traps unless a closed slot holds no handle.
    func _checkInvariants() {
        #if DEBUG
            precondition(!isClosed || handle == nil, "Internal inconsistency: a closed timer slot holds a handle")
        #endif
    }
}

/// The timer engine shared by the timed operators' storages (``TimedOperator``) and RxLiteUI's `Throttler` and
/// `Debouncer`: an object that keeps one ``TimerSlot`` under its lock and arms its timer through ``armTimer(after:in:)``.
///
/// The owner decides how the scheduled timer reaches it (strongly for an operator, whose subscription owns it;
/// weakly for a `Throttler`, so that dropping it cancels its work).
package protocol TimerOwner: AnyObject {
    /// Runs `body` on the timer slot with the owner's lock held.
    func withTimerSlot<Result>(_ body: (inout TimerSlot) -> Result) -> Result
    /// Schedules the timer of `epoch` to fire after `dueTime`; the handle cancels it.
    func scheduleTimer(after dueTime: RxTimeInterval, epoch: UInt64) -> any Disposable
}

extension TimerOwner {
    /// Arms the timer to fire after `seconds`, unless `epoch` (the current one when `nil`) is over. Call without the
    /// owner's lock held: the scheduler is called outside it.
    package func armTimer(after seconds: TimeInterval, in epoch: UInt64?) {
        guard let ticket = withTimerSlot({ $0.beginArming(in: epoch) }) else { return }
        let handle = scheduleTimer(after: rxTimeInterval(seconds: seconds), epoch: ticket.epoch)
        withTimerSlot { $0.store(handle, for: ticket) }?.dispose()
    }

    /// Cancels the outstanding timer for good: nothing is armed after this.
    package func closeTimer() {
        withTimerSlot { $0.close() }?.dispose()
    }
}
