/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable, Sendable {
    private let disposedFlag: Atomic<Bool>

    /// A disposable, disposed already when `isDisposed` is `true`.
    public init(isDisposed: Bool = false) {
        disposedFlag = Atomic(isDisposed)
    }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    /// Marks the disposable disposed.
    public func dispose() {
        disposedFlag.store(true, ordering: .releasing)
    }
}
