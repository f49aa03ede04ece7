#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The lock behind every critical section in RxLite: `os_unfair_lock` on Apple platforms, a test-and-set lock that
/// yields on Linux.
///
/// Critical sections here are a handful of instructions (append to a list, flip a flag), and contention is rare. It
/// is not recursive: no code path in RxLite calls out to user code while holding it. The lock itself is ``LockWord``,
/// whose word every RxLite object keeps in its own memory (``InlineWord``); this class is that word in an object of
/// its own, for a lock with no other state to sit beside (the benchmark's lock scenarios).
///
/// - On Apple platforms it is an `os_unfair_lock`. Threads of different QoS classes contend there (a
///   `.userInitiated` task and the main thread), and a waiter that spins can starve a preempted low-priority holder:
///   the priority inversion for which Apple deprecated `OSSpinLock`. `os_unfair_lock` waits in the kernel and donates
///   the waiter's priority to the holder.
/// - On Linux (no QoS classes) it is a test-and-set lock on one ``Atomic``: a waiter polls the word 64 times, then
///   calls `sched_yield` between polls, so a preempted holder gets its core back instead of being starved by spinning
///   waiters. ThreadSanitizer understands its acquire/release orderings (`Synchronization.Mutex` reports false races).
///
/// Chosen on Linux by measurement against a futex lock (Drepper's three-state mutex, with and without 100 polls before
/// sleeping in `FUTEX_WAIT`; `Sources/CLockCandidates`), `pthread_mutex_t`, and test-and-set that only spins.
/// `rxlite-bench --filter Lock` (release build; a 2-core VM that other builds shared, load 6 to 10; median of 3
/// invocations of 5 runs each): nanoseconds per lock/unlock round trip, over all threads, every thread taking the one
/// lock around a counter increment; in the `work` columns each thread also does about 90 ns of arithmetic between
/// round trips. 8 and 32 threads on 2 cores is oversubscription, as in an app.
///
/// | lock                                | 1 thread | 2    | 8    | 32   | 2, work | 32, work |
/// |-------------------------------------|----------|------|------|------|---------|----------|
/// | test-and-set, then yield (this)     | 8.8      | 11.9 | 10.1 | 9.1  | 154     | 129      |
/// | futex, 100 polls before sleeping    | 16.7     | 17.9 | 16.6 | 24.1 | 175     | 172      |
/// | futex, sleeping at once             | 15.8     | 17.6 | 13.7 | 16.3 | 138     | 139      |
/// | `pthread_mutex_t`                   | 22.1     | 20.4 | 18.4 | 26.8 | 130     | 141      |
/// | test-and-set, spinning only         | 6.7      | 9.4  | 23.0 | 19.4 | 146     | 110      |
///
/// A lock that only spins collapses under oversubscription (about 3 times slower at 8 and 32 threads than at 1, and
/// 33 ns of processor time per round trip at 32 threads against this lock's 7: waiters burn the cores a preempted
/// holder needs). Yielding after 64 polls removes the collapse: this lock stays flat from 1 to 32 threads and is the
/// fastest in every hammering column. The futex lock pays a second atomic read-modify-write per round trip (the
/// unlocking exchange that tells whether a sleeper waits) and a system call pair whenever a waiter sleeps; under
/// contention it spends more processor time per round trip (11 to 52 ns at 2 threads) than this lock (6 to 7). With
/// work between round trips the lock is a small part of the cost, and the columns differ by less than the noise of
/// the machine. An earlier set of 3 invocations gave the same order.
///
/// No Apple hardware measures here; `os_unfair_lock` is chosen there for its priority donation, not its speed. CI
/// type-checks that branch against a declaration-only Darwin stub (`scripts/typecheck-darwin-lock`).
package final class Lock {
    /// The lock's word (see ``InlineWord``). Must stay the first stored property.
    var words = InlineWord()

    /// An unlocked lock.
    package init() {
        assertFirstStoredProperty(of: self, &words)
    }

    var word: LockWord { LockWord(word: 0, of: self) }

    /// Takes the lock, waiting while another thread holds it.
    package func lock() { word.lock() }

    /// Releases the lock, which the calling thread holds.
    package func unlock() { word.unlock() }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try word.withLock(body)
    }
}

/// The lock, in a word that lives in memory someone else owns: one of an object's own ``InlineWord``s, so that the
/// object and its lock take one allocation. The owner must outlive every use.
package struct LockWord: @unchecked Sendable {
    #if canImport(Darwin)
        let unfairLock: UnsafeMutablePointer<os_unfair_lock>

        /// The lock in word `index` of `object`'s ``InlineWord``s (zeroed, which is an unlocked `os_unfair_lock`).
        init(word index: Int, of object: AnyObject) {
            unfairLock = UnsafeMutableRawPointer(inlineWord(index, of: object)).assumingMemoryBound(
                to: os_unfair_lock.self)
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

        /// The lock in word `index` of `object`'s ``InlineWord``s (zeroed, which is an unlocked lock).
        init(word index: Int, of object: AnyObject) {
            isLocked = AtomicView(word: index, of: object)
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
