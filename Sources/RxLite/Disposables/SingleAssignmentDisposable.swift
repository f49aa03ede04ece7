/// Holds a disposable that is assigned once, possibly after it was already disposed.
///
/// When `dispose()` runs before assignment, the disposable is disposed as soon as it is assigned. Assigning twice
/// is a programming error.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    let live = LiveResource()
    /// The assignment, and whether the disposable was disposed, under one lock.
    private let assignment = DisposedFlagGuard(SingleAssignmentStateMachine())

    /// An unassigned disposable.
    public init() {}

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { assignment.isDisposed }

    /// Assigns the disposable. Traps when one was assigned already.
    public func setDisposable(_ disposable: any Disposable) {
        let isStored = assignment.withLockAndFlag { machine, isDisposed in
            machine.assign(disposable, isDisposed: isDisposed)
        }
        if !isStored { disposable.dispose() }
    }

    /// Disposes the assigned disposable, or the one assigned later.
    public func dispose() {
        assignment.takeOnFirstDispose { $0.current.take() }?.dispose()
    }
}

/// The assignment of a ``SingleAssignmentDisposable``, under its lock.
private struct SingleAssignmentStateMachine {
    var isAssigned = false
    /// The disposable assigned, until it is disposed.
    var current: (any Disposable)?

    /// Takes `disposable` as the one assignment (a second one traps) and returns whether it is kept: not when the
    /// owner was disposed first, which then disposes it, after the lock.
    mutating func assign(_ disposable: any Disposable, isDisposed: Bool) -> Bool {
        precondition(!isAssigned, "SingleAssignmentDisposable was assigned twice")
        isAssigned = true
        if isDisposed { return false }
        current = disposable
        return true
    }
}
