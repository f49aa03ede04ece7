// The two guarded steps shared by the disposables that keep a lock and a disposed flag: storing a resource unless
// the owner is disposed, and emptying the owner on its first `dispose()`. Either way the resources are disposed by
// the caller after the lock is released, so a resource's `dispose()` never runs under the owner's lock.

/// Runs `store` holding `lock` unless `disposedFlag` is set, and returns whether it ran. When it did not, the owner
/// was disposed first: the caller disposes what it meant to store.
func storeUnlessDisposed(
    _ lock: borrowing Lock, _ disposedFlag: borrowing Atomic<Bool>, _ store: () -> Void
) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    if disposedFlag.load(ordering: .acquiring) { return false }
    store()
    return true
}

/// Sets `disposedFlag` holding `lock`; on the first call only, runs `take`, which empties the owner and returns what
/// it held, for the caller to dispose. `nil` when the owner was disposed already.
func takeOnFirstDispose<Taken>(
    _ lock: borrowing Lock, _ disposedFlag: borrowing Atomic<Bool>, _ take: () -> Taken?
) -> Taken? {
    lock.lock()
    defer { lock.unlock() }
    if disposedFlag.exchange(true, ordering: .acquiringAndReleasing) { return nil }
    return take()
}
