import Foundation

/// A value behind a lock, for state that callbacks on several threads share. (`Synchronization.Mutex` needs iOS 18;
/// the library's floor is iOS 15.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
