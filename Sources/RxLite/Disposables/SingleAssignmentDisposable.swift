/// Holds a disposable that is assigned once, possibly after it was already disposed.
///
/// When `dispose()` runs before assignment, the disposable is disposed as soon as it is assigned. Assigning twice
/// is a programming error.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    let live = LiveResource()
    /// The assignment, under the lock; the lock and the disposed flag are the buffer's words (a
    /// ``DisposedFlagGuard``'s). A public class whose API needs `init` cannot be a ``LockedBuffer`` itself, so it holds
    /// one.
    private let storage = LockedBuffer<SingleAssignmentState>.make(
        words: DisposedFlagGuard.words, state: SingleAssignmentState())

    /// An unassigned disposable.
    public init() {}

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { DisposedFlagGuard(storage).isDisposed }

    /// Assigns the disposable. Traps when one was assigned already.
    public func setDisposable(_ disposable: any Disposable) {
        let state = storage.state
        let lock = storage.lock
        lock.lock()
        precondition(!state.pointee.isAssigned, "SingleAssignmentDisposable was assigned twice")
        state.pointee.isAssigned = true
        if DisposedFlagGuard(storage).isDisposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        state.pointee.current = disposable
        lock.unlock()
    }

    /// Disposes the assigned disposable, or the one assigned later.
    public func dispose() {
        let state = storage.state
        DisposedFlagGuard(storage).takeOnFirstDispose { state.pointee.current.take() }?.dispose()
    }
}

/// The state of a ``SingleAssignmentDisposable``, under its lock.
private struct SingleAssignmentState {
    var isAssigned = false
    /// The disposable assigned, until it is disposed.
    var current: (any Disposable)?
}
