#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The lock behind every critical section in RxLite.
///
/// Critical sections here are a handful of instructions (append to a list, flip a flag), and contention is rare. It
/// is not recursive: no code path in RxLite calls out to user code while holding it. Both implementations keep their
/// lock word in a heap cell, because a lock needs a stable address (see ``Atomic``).
///
/// - On Apple platforms it is an `os_unfair_lock`. Threads of different QoS classes contend there (a
///   `.userInitiated` task and the main thread), and a waiter that spins can starve a preempted low-priority holder:
///   the priority inversion for which Apple deprecated `OSSpinLock`. `os_unfair_lock` waits in the kernel and donates
///   the waiter's priority to the holder.
/// - Elsewhere (Linux, no QoS classes) it is a test-and-set lock on one ``Atomic``: a waiter spins briefly, then
///   yields its core, so a preempted holder is never starved on a 2-core machine. ThreadSanitizer understands its
///   acquire/release orderings (`Synchronization.Mutex` reports false races there).
///
/// Linux figures, `rxlite-bench --filter Lock` (release build, 2-core VM, median of 3 runs), nanoseconds per
/// lock/unlock round trip; "contended" is two threads hammering one lock at once:
///
/// | lock                          | uncontended | contended |
/// |-------------------------------|-------------|-----------|
/// | test-and-set (this, on Linux) | 2.8         | 4.6       |
/// | `pthread_mutex_t`             | 6.9         | 23.7      |
///
/// No Apple hardware measures here; `os_unfair_lock` is chosen there for its priority donation, not its speed. CI
/// type-checks that branch against a declaration-only Darwin stub (`scripts/typecheck-darwin-lock`). (The type keeps
/// its name for its many users although on Apple platforms it does not spin.)
@usableFromInline
package struct SpinLock: ~Copyable {
    @usableFromInline
    let storage: AtomicCells
    /// The lock, in `storage`.
    @usableFromInline
    let word: LockWord

    /// An unlocked lock.
    @inlinable
    package init() {
        storage = AtomicCells(count: 1)
        word = LockWord(initializing: storage, at: 0)
    }

    /// Takes the lock, waiting while another thread holds it.
    @inlinable
    package func lock() { word.lock() }

    /// Releases the lock, which the calling thread holds.
    @inlinable
    package func unlock() { word.unlock() }

    /// Runs `body` holding the lock.
    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A ``SpinLock`` whose word lives in memory someone else owns: one of an object's own ``InlineWord``s (what RxLite's
/// objects use: the object and its lock in one allocation), or a word of an ``AtomicCells`` block. The owner must
/// outlive every use.
@usableFromInline
package struct LockWord: @unchecked Sendable {
    #if canImport(Darwin)
        @usableFromInline
        let unfairLock: UnsafeMutablePointer<os_unfair_lock>

        /// Makes word `index` of `cells` an unlocked lock.
        @inlinable
        init(initializing cells: borrowing AtomicCells, at index: Int) {
            unfairLock = UnsafeMutableRawPointer(cells.base + index).bindMemory(to: os_unfair_lock.self, capacity: 1)
            unfairLock.initialize(to: os_unfair_lock())
        }

        /// The lock in word `index` of `object`'s ``InlineWord``s (zeroed, which is an unlocked `os_unfair_lock`).
        @inlinable
        @inline(__always)
        init(word index: Int, of object: AnyObject) {
            unfairLock = UnsafeMutableRawPointer(inlineWord(index, of: object)).assumingMemoryBound(
                to: os_unfair_lock.self)
        }

        /// Takes the lock, waiting (priority donating) while another thread holds it.
        @inlinable
        package func lock() {
            os_unfair_lock_lock(unfairLock)
            HeldLocks.acquired()
        }

        /// Releases the lock, which the calling thread holds.
        @inlinable
        package func unlock() {
            HeldLocks.released()
            os_unfair_lock_unlock(unfairLock)
        }
    #else
        @usableFromInline
        let isLocked: AtomicView<Bool>

        /// Makes word `index` of `cells` an unlocked lock.
        @inlinable
        init(initializing cells: borrowing AtomicCells, at index: Int) {
            isLocked = cells.initializeAtomic(at: index, to: false)
        }

        /// The lock in word `index` of `object`'s ``InlineWord``s (zeroed, which is an unlocked lock).
        @inlinable
        @inline(__always)
        init(word index: Int, of object: AnyObject) {
            isLocked = AtomicView(word: index, of: object)
        }

        /// Takes the lock, spinning and then yielding while another thread holds it.
        @inlinable
        package func lock() {
            if !isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
                lockContended()
            }
            HeldLocks.acquired()
        }

        @usableFromInline
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
        @inlinable
        package func unlock() {
            HeldLocks.released()
            isLocked.store(false, ordering: .releasing)
        }
    #endif
}

extension LockWord {
    /// Runs `body` holding the lock.
    @inlinable
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
