/// The two guarded steps shared by the disposables that keep a lock and a disposed flag: storing a resource unless
/// the owner is disposed, and emptying the owner on its first `dispose()`. Either way the resources are disposed by
/// the caller after the lock is released, so a resource's `dispose()` never runs under the owner's lock.
///
/// The owner is a ``LockedBuffer`` (or holds one) whose tail starts with ``words`` words: the lock in word 0, the flag
/// in word 1, read without the lock. Made at the call site from it (`DisposedFlagGuard(storage)`), the guard keeps
/// nothing of its own: the steps it runs reach the buffer's state (``LockedBuffer/state``) while it holds the lock.
struct DisposedFlagGuard {
    let lock: LockWord
    let disposedFlag: AtomicView<Bool>

    /// The tail words of a buffer that a guard serves: the lock, then the flag.
    static let words = 2

    /// The guard of `buffer`'s lock and flag.
    init<State>(_ buffer: LockedBuffer<State>) {
        lock = buffer.lock
        disposedFlag = buffer.atomic(1)
    }

    /// Whether the flag is set: the owner's `isDisposed`.
    var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    /// Runs `store` holding `lock` unless `disposedFlag` is set, and returns whether it ran. When it did not, the
    /// owner was disposed first: the caller disposes what it meant to store.
    func storeUnlessDisposed(_ store: () -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if disposedFlag.load(ordering: .acquiring) { return false }
        store()
        return true
    }

    /// Sets `disposedFlag` holding `lock`; on the first call only, runs `take`, which empties the owner and returns
    /// what it held, for the caller to dispose. `nil` when the owner was disposed already.
    func takeOnFirstDispose<Taken>(_ take: () -> Taken?) -> Taken? {
        lock.lock()
        defer { lock.unlock() }
        if disposedFlag.exchange(true, ordering: .acquiringAndReleasing) { return nil }
        return take()
    }
}
