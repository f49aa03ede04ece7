import Foundation

/// A Foundation lock counted by the debug-build lock check (``HeldLocks``), for the classes that keep one:
/// ``CheckedNSLock`` and ``CheckedNSRecursiveLock``.
package final class CheckedLock<Base: NSLocking & Sendable>: Sendable {
    private let base: Base

    /// `base`, unlocked, counted.
    package init(_ base: Base) {
        self.base = base
    }

    /// Takes the lock (again, if it is recursive and the calling thread holds it), waiting while another thread
    /// holds it.
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

/// An `NSLock` counted by the debug-build lock check.
package typealias CheckedNSLock = CheckedLock<NSLock>

/// An `NSRecursiveLock` counted by the debug-build lock check.
package typealias CheckedNSRecursiveLock = CheckedLock<NSRecursiveLock>

extension CheckedLock where Base == NSLock {
    /// An unlocked `NSLock`.
    package convenience init() { self.init(NSLock()) }
}

extension CheckedLock where Base == NSRecursiveLock {
    /// An unlocked `NSRecursiveLock`.
    package convenience init() { self.init(NSRecursiveLock()) }
}
