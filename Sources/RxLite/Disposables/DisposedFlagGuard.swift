/// What a disposable that holds other disposables keeps behind its lock (its `Content`: a timer, the disposable held
/// now, the list of disposables), with whether it was disposed; and the two guarded steps those disposables share:
/// storing a resource unless the owner is disposed, and emptying the owner on its first `dispose()`. Either way the
/// resources are disposed by the caller after the lock is released, so a resource's `dispose()` never runs under the
/// owner's lock.
///
/// A value the owner holds as a `let`. The flag is under the lock with what it guards, rather than an atomic beside
/// it: one allocation for both, and `isDisposed`, which only a poll or a scheduled action's start reads, takes the
/// lock for its read.
struct DisposedFlagGuard<Content> {
    private let locked: Locked<DisposedFlagGuardState<Content>>

    /// A guard of `content`, not disposed.
    init(_ content: Content) {
        locked = Locked(DisposedFlagGuardState(content: content))
    }

    /// Whether the owner was disposed: its `isDisposed`.
    var isDisposed: Bool { locked.withLock { $0.isDisposed } }

    /// Runs `body` on the content holding the lock (whether or not the owner was disposed).
    func withLock<Result>(_ body: (inout Content) throws -> Result) rethrows -> Result {
        try locked.withLock { try body(&$0.content) }
    }

    /// Runs `body` on the content and the flag, holding the lock, for the steps the two below do not cover.
    func withLockAndFlag<Result>(_ body: (inout Content, _ isDisposed: Bool) throws -> Result) rethrows -> Result {
        try locked.withLock { try body(&$0.content, $0.isDisposed) }
    }

    /// Runs `store` on the content holding the lock unless the owner is disposed, and returns whether it ran. When it
    /// did not, the owner was disposed first: the caller disposes what it meant to store.
    func storeUnlessDisposed(_ store: (inout Content) -> Void) -> Bool {
        locked.withLock { state in
            if state.isDisposed { return false }
            store(&state.content)
            return true
        }
    }

    /// Marks the owner disposed holding the lock; on the first call only, runs `take`, which empties the content and
    /// returns what it held, for the caller to dispose. `nil` when the owner was disposed already.
    func takeOnFirstDispose<Taken>(_ take: (inout Content) -> Taken?) -> Taken? {
        locked.withLock { state in
            if state.isDisposed { return nil }
            state.isDisposed = true
            return take(&state.content)
        }
    }
}

/// The value a ``DisposedFlagGuard`` keeps under its lock: pure data, whose two steps are the guard's.
struct DisposedFlagGuardState<Content> {
    var isDisposed = false
    /// Last: its layout depends on `Content`.
    var content: Content
}

extension DisposedFlagGuard: Sendable where Content: Sendable {}
extension DisposedFlagGuardState: Sendable where Content: Sendable {}
