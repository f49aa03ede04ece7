/// A value behind a ``Lock``, for state that callbacks on several threads share, in the package's other modules
/// (BookSearch's view model, RxLiteTest's `Protected`): the shape of `Synchronization.Mutex` (`withLock { $0... }`),
/// which needs iOS 18, and a lock ThreadSanitizer sees (see ``Lock``). Keep `body` short: it runs under the
/// lock.
package final class Locked<Value> {
    /// The word of `lock`, in this object's own memory rather than a heap cell of its own (see
    /// ``InlineWord``): one allocation fewer. Must stay the first stored property.
    private var words = InlineWord()
    private var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`.
    private var value: Value

    /// A lock around `value`.
    package init(_ value: Value) {
        self.value = value
        assertFirstStoredProperty(of: self, &words)
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}

// Unchecked: every access to `value` holds `lock`. Only when the value is `Sendable` itself: a lock does not make a
// non-`Sendable` value (a class with its own mutable state, a closure) safe to use on another thread.
extension Locked: @unchecked Sendable where Value: Sendable {}
