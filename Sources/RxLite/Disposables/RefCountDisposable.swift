/// Holds a disposable until it is disposed *and* every handle made by ``retain()`` is disposed: for a resource
/// that several dependents share with its owner.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    /// The resource and its handles, behind a lock. A public class whose API needs `init` cannot be a
    /// ``LockedBuffer`` itself, so it holds one.
    private let state: Locked<RefCountState>

    /// Shares `disposable`.
    public init(disposable: any Disposable) {
        state = Locked(RefCountState(disposable: disposable))
    }

    /// `true` once the resource was released.
    public var isDisposed: Bool { state.withLock { $0.disposable == nil } }

    /// A handle that keeps the resource until it is disposed; after the resource was released, a handle that does
    /// nothing.
    public func retain() -> any Disposable {
        let isLive = state.withLock { state -> Bool in
            guard state.disposable != nil else { return false }
            state.handles += 1
            return true
        }
        guard isLive else { return Disposables.create() }
        return Disposables.create(with: { [self] in releaseHandle() })
    }

    /// Gives up the owner's hold: the resource is released now if no handle is live, else with the last handle.
    public func dispose() {
        let released = state.withLock { state -> (any Disposable)? in
            guard !state.primaryDisposed else { return nil }
            state.primaryDisposed = true
            return state.takeIfUnused()
        }
        released?.dispose()
    }

    private func releaseHandle() {
        let released = state.withLock { state -> (any Disposable)? in
            state.handles -= 1
            return state.takeIfUnused()
        }
        released?.dispose()
    }
}

/// The state of a ``RefCountDisposable``, under its lock: a count and two flags that its three methods set in place,
/// with one rule of its own (``takeIfUnused()``), too little for a state machine of its own.
private struct RefCountState {
    /// The resource, until it is released.
    var disposable: (any Disposable)?
    /// The handles made by `retain()` and not disposed yet.
    var handles = 0
    /// Whether the owner's `dispose()` ran.
    var primaryDisposed = false

    /// Takes the resource out once the owner and every handle let go of it.
    mutating func takeIfUnused() -> (any Disposable)? {
        guard primaryDisposed, handles == 0 else { return nil }
        return disposable.take()
    }
}
