import CRxAtomics

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A lock with no state beside it, for code that guards state of its own kind (RxLiteTest's scheduler, RxLiteUI's
/// timers): a ``Locked`` of no value.
///
/// The lock behind every critical section in RxLite is ``LockWord``: `os_unfair_lock` on Apple platforms, a
/// test-and-set lock that yields on Linux.
///
/// Critical sections here are a handful of instructions (append to a list, flip a flag), and contention is rare. It
/// is not recursive: no code path in RxLite calls out to user code while holding it.
///
/// - On Apple platforms it is an `os_unfair_lock`. Threads of different QoS classes contend there (a
///   `.userInitiated` task and the main thread), and a waiter that spins can starve a preempted low-priority holder:
///   the priority inversion for which Apple deprecated `OSSpinLock`. `os_unfair_lock` waits in the kernel and donates
///   the waiter's priority to the holder.
/// - On Linux (no QoS classes) it is a test-and-set lock on one atomic word: a waiter polls the word 64 times, then
///   calls `sched_yield` between polls, so a preempted holder gets its core back instead of being starved by spinning
///   waiters. ThreadSanitizer understands its acquire/release orderings (`Synchronization.Mutex` reports false races).
///
/// Chosen on Linux by measurement against a futex lock (with and without polling before sleeping;
/// `Sources/CLockCandidates`), `pthread_mutex_t`, and test-and-set that only spins: a lock that only spins collapses
/// when threads outnumber cores, and yielding after a few polls removes the collapse while staying the fastest when
/// threads hammer one lock; with work between round trips the candidates differ by less than the machine's noise.
/// The figures are in docs/PERFORMANCE.md ("The lock"). No Apple hardware measures here; `os_unfair_lock` is chosen
/// there for its priority donation, not its speed. CI type-checks that branch against a declaration-only Darwin stub
/// (`scripts/typecheck-darwin-lock`).
package struct Lock: Sendable {
    private let locked = Locked(())

    /// An unlocked lock.
    package init() {}

    var word: LockWord { locked.lockWord }

    /// Takes the lock, waiting while another thread holds it.
    package func lock() { word.lock() }

    /// Releases the lock, which the calling thread holds.
    package func unlock() { word.unlock() }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try word.withLock(body)
    }
}

/// The lock, in a word that lives in memory someone else owns: a word of a ``LockedBuffer``'s or a ``LifetimeNode``'s
/// tail, so that the object and its lock take one allocation. The owner must outlive every use.
package struct LockWord: @unchecked Sendable {
    #if canImport(Darwin)
        let unfairLock: UnsafeMutablePointer<os_unfair_lock>

        /// The lock in `word` (zeroed, which is an unlocked `os_unfair_lock`).
        init(_ word: UnsafeMutablePointer<rx_atomic_word>) {
            unfairLock = UnsafeMutableRawPointer(word).assumingMemoryBound(to: os_unfair_lock.self)
        }

        /// Takes the lock, waiting (priority donating) while another thread holds it.
        package func lock() {
            os_unfair_lock_lock(unfairLock)
            HeldLocks.acquired()
        }

        /// Releases the lock, which the calling thread holds.
        package func unlock() {
            HeldLocks.released()
            os_unfair_lock_unlock(unfairLock)
        }
    #else
        let isLocked: AtomicView<Bool>

        /// The lock in `word` (zeroed, which is an unlocked lock).
        init(_ word: UnsafeMutablePointer<rx_atomic_word>) {
            isLocked = AtomicView(word)
        }

        /// Takes the lock, spinning and then yielding while another thread holds it.
        package func lock() {
            if !isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                lockContended()
            }
            HeldLocks.acquired()
        }

        func lockContended() {
            var spins = 0
            while true {
                if !isLocked.load(ordering: .relaxed),
                    isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
                {
                    return
                }
                spins += 1
                if spins > 64 { sched_yield() }
            }
        }

        /// Releases the lock, which the calling thread holds.
        package func unlock() {
            HeldLocks.released()
            isLocked.store(false, ordering: .releasing)
        }
    #endif
}

extension LockWord {
    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
