/// A value behind a lock: the locked box a storage holds its state machine in (as a `let`, beside what it was made
/// with), and the one the package's other modules use for state that callbacks on several threads share
/// (BookSearch's view model, RxLiteTest's `Protected`): the shape of
/// `Synchronization.Mutex` (`withLock { $0... }`), which needs iOS 18, over a lock ThreadSanitizer sees (see
/// ``LockWord``). The value and the lock take one allocation (a ``LockedBuffer``). Keep `body` short: it runs under
/// the lock.
package struct Locked<Value> {
    private let buffer: LockedBuffer<Value>

    /// A lock around `value`.
    package init(_ value: Value) {
        buffer = .make(state: value)
    }

    /// The lock, for ``Lock``, whose value is `Void`.
    var lockWord: LockWord { buffer.lock }

    /// Runs `body` with exclusive access to the value. Always inlined, as the storages' critical sections on every
    /// event are: called, it took the value's type, which code compiled once for every element type looks up.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try buffer.withLock(body)
    }
}

// Unchecked: every access to the value holds the lock. Only when the value is `Sendable` itself: a lock does not make
// a non-`Sendable` value (a class with its own mutable state, a closure) safe to use on another thread.
extension Locked: @unchecked Sendable where Value: Sendable {}
