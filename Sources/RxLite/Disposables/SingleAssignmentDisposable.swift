/// Holds a disposable that is assigned once, possibly after it was already disposed.
///
/// When `dispose()` runs before assignment, the disposable is disposed as soon as it is assigned. Assigning twice
/// is a programming error.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    private let lock = Lock()
    private let disposedFlag = Atomic<Bool>(false)
    private var isAssigned = false
    private var current: (any Disposable)?

    /// An unassigned disposable.
    public init() {
    }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    /// Assigns the disposable. Traps when one was assigned already.
    public func setDisposable(_ disposable: any Disposable) {
        lock.lock()
        precondition(!isAssigned, "SingleAssignmentDisposable was assigned twice")
        isAssigned = true
        if disposedFlag.load(ordering: .acquiring) {
            lock.unlock()
            disposable.dispose()
            return
        }
        current = disposable
        lock.unlock()
    }

    /// Disposes the assigned disposable, or the one assigned later.
    public func dispose() {
        takeOnFirstDispose(lock, disposedFlag) { current.take() }?.dispose()
    }
}
