#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock behind every critical section in RxLite.
///
/// Critical sections here are a handful of instructions (append to a list, flip a flag), and contention is rare, so
/// a test-and-set lock on one atomic beats a `pthread_mutex_t` (no allocation for a stable address, one atomic
/// instruction to take it). A waiter spins briefly, then yields its core, so a preempted holder is never starved on
/// a 2-core machine. It is built on `Atomic`, whose acquire/release orderings ThreadSanitizer understands
/// (`Synchronization.Mutex` reports false races there). It is not recursive: no code path in RxLite calls out to
/// user code while holding it.
@usableFromInline
struct SpinLock: ~Copyable {
    @usableFromInline
    let isLocked = Atomic<Bool>(false)

    @inlinable
    init() {}

    @inlinable
    func lock() {
        if isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { return }
        lockContended()
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

    @inlinable
    func unlock() {
        isLocked.store(false, ordering: .releasing)
    }

    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
