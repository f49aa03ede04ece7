/// The two guarded steps shared by the disposables that keep a lock and a disposed flag: storing a resource unless
/// the owner is disposed, and emptying the owner on its first `dispose()`. Either way the resources are disposed by
/// the caller after the lock is released, so a resource's `dispose()` never runs under the owner's lock.
///
/// Made at the call site from the owner's views of its words (`DisposedFlagGuard(lock, disposedFlag)`); it keeps
/// nothing of its own.
struct DisposedFlagGuard {
    let lock: LockWord
    let disposedFlag: AtomicView<Bool>

    init(_ lock: LockWord, _ disposedFlag: AtomicView<Bool>) {
        self.lock = lock
        self.disposedFlag = disposedFlag
    }

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
