import RxLite

/// A value behind a lock, for test bookkeeping shared between threads: the same shape as `Synchronization.Mutex`
/// (`withLock { $0... }`), which needs iOS 18 and is reported as a race under `--sanitize=thread` on this toolchain
/// although it is correct. It is the package's `Locked`, whose lock ThreadSanitizer sees, made public for tests.
public final class Protected<Value> {
    private let locked: Locked<Value>

    /// A lock around `value`.
    public init(_ value: Value) {
        locked = Locked(value)
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try locked.withLock(body)
    }
}

// Unchecked: `locked` guards the value; `Sendable` only when the value is (see `Locked`).
extension Protected: @unchecked Sendable where Value: Sendable {}
