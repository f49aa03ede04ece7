import Foundation

/// A value behind a lock, for test bookkeeping shared between threads: the same shape as `Synchronization.Mutex`
/// (`withLock { $0... }`), but built on `NSLock`, whose locking ThreadSanitizer sees. (`Mutex` is reported as a
/// race under `--sanitize=thread` on this toolchain although it is correct.)
public final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
