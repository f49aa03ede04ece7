import Dispatch
import Foundation
import RxLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Lock round trips: RxLite's `SpinLock` (os_unfair_lock on Apple platforms, test-and-set elsewhere), with a
// `pthread_mutex_t` beside it for reference. The figures go into the comment of Core/SpinLock.swift.

/// Something with a lock around a counter; `bump()` is one lock/unlock round trip.
protocol LockedCounter: AnyObject, Sendable {
    init()
    func bump()
    var value: Int { get }
}

final class SpinLockCounter: LockedCounter, @unchecked Sendable {
    let lock = SpinLock()
    var count = 0  // guarded by `lock`

    @inline(never) func bump() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

final class PthreadMutexCounter: LockedCounter, @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    var count = 0  // guarded by `mutex`

    init() { pthread_mutex_init(mutex, nil) }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(never) func bump() {
        pthread_mutex_lock(mutex)
        count += 1
        pthread_mutex_unlock(mutex)
    }
    var value: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return count
    }
}

/// `iterations * 100` round trips on one thread.
nonisolated func uncontendedRoundTrips<Counter: LockedCounter>(_ counter: Counter.Type, _ iterations: Int) -> Int {
    let counter = Counter()
    for _ in 0..<iterations * 100 { counter.bump() }
    return counter.value
}

/// `iterations * 50` round trips on each of two threads at once, on the same lock. Both threads wait for each other
/// before they start, so that they overlap (when the machine gives them two cores).
nonisolated func contendedRoundTrips<Counter: LockedCounter>(_ counter: Counter.Type, _ iterations: Int) -> Int {
    let counter = Counter()
    let ready = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
        ready.add(1, ordering: .acquiringAndReleasing)
        while ready.load(ordering: .acquiring) < 2 {}
        for _ in 0..<iterations * 50 { counter.bump() }
    }
    return counter.value
}
