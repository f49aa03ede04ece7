/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable, Sendable {
    /// Whether `dispose()` has run, behind a lock. A public class whose API needs `init` cannot be a ``LockedBuffer``
    /// itself, so it holds one.
    private let disposed: Locked<Bool>

    /// A disposable, disposed already when `isDisposed` is `true`.
    public init(isDisposed: Bool = false) {
        disposed = Locked(isDisposed)
    }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { disposed.withLock { $0 } }

    /// Marks the disposable disposed.
    public func dispose() {
        disposed.withLock { $0 = true }
    }
}
