import Foundation

/// An `NSLock` counted by the debug-build lock check (``HeldLocks``), for the classes that keep a Foundation lock.
package final class CheckedNSLock: Sendable {
    private let base = NSLock()

    /// An unlocked lock.
    package init() {}

    /// Takes the lock, waiting while another thread holds it.
    package func lock() {
        base.lock()
        HeldLocks.acquired()
    }

    /// Releases the lock, which the calling thread holds.
    package func unlock() {
        HeldLocks.released()
        base.unlock()
    }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// An `NSRecursiveLock` counted by the debug-build lock check (``HeldLocks``).
package final class CheckedNSRecursiveLock: Sendable {
    private let base = NSRecursiveLock()

    /// An unlocked lock.
    package init() {}

    /// Takes the lock (again, if the calling thread holds it), waiting while another thread holds it.
    package func lock() {
        base.lock()
        HeldLocks.acquired()
    }

    /// Releases the lock once; the calling thread holds it.
    package func unlock() {
        HeldLocks.released()
        base.unlock()
    }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
