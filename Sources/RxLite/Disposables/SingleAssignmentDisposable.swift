/// Holds a disposable that is assigned once, possibly after it was already disposed.
///
/// When `dispose()` runs before assignment, the disposable is disposed as soon as it is assigned. Assigning twice
/// is a programming error.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    /// The words of `lock` and `disposedFlag`, in this object's own memory (see ``InlineWord``): one allocation per
    /// disposable where a lock and a flag of their own took three. Must stay the first stored property.
    private var words = (InlineWord(), InlineWord())
    let live = LiveResource()
    private var lock: LockWord { LockWord(word: 0, of: self) }
    private var disposedFlag: AtomicView<Bool> { AtomicView(word: 1, of: self) }
    private var isAssigned = false
    private var current: (any Disposable)?

    /// An unassigned disposable.
    public init() {
        assertFirstStoredProperty(of: self, &words)
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
        DisposedFlagGuard(lock, disposedFlag).takeOnFirstDispose { current.take() }?.dispose()
    }
}
