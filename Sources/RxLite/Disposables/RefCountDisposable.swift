/// Holds a disposable until it is disposed *and* every handle made by ``retain()`` is disposed: for a resource
/// that several dependents share with its owner.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    /// The word of `lock`, in this object's own memory (see ``InlineWord``): one allocation per disposable where a
    /// lock of its own took two. Must stay the first stored property.
    private var words = InlineWord()
    private var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`: the resource until it is released, the live handles, and whether `dispose()` ran.
    private var disposable: (any Disposable)?
    private var handles = 0
    private var primaryDisposed = false

    /// Shares `disposable`.
    public init(disposable: any Disposable) {
        self.disposable = disposable
        assertFirstStoredProperty(of: self, &words)
    }

    /// `true` once the resource was released.
    public var isDisposed: Bool { lock.withLock { disposable == nil } }

    /// A handle that keeps the resource until it is disposed; after the resource was released, a handle that does
    /// nothing.
    public func retain() -> any Disposable {
        let isLive = lock.withLock { () -> Bool in
            guard disposable != nil else { return false }
            handles += 1
            return true
        }
        guard isLive else { return Disposables.create() }
        return Disposables.create(with: { [self] in releaseHandle() })
    }

    /// Gives up the owner's hold: the resource is released now if no handle is live, else with the last handle.
    public func dispose() {
        let released = lock.withLock { () -> (any Disposable)? in
            guard !primaryDisposed else { return nil }
            primaryDisposed = true
            return takeIfUnused()
        }
        released?.dispose()
    }

    private func releaseHandle() {
        let released = lock.withLock { () -> (any Disposable)? in
            handles -= 1
            return takeIfUnused()
        }
        released?.dispose()
    }

    // With `lock` held.
    private func takeIfUnused() -> (any Disposable)? {
        guard primaryDisposed, handles == 0, let resource = disposable else { return nil }
        disposable = nil
        return resource
    }
}
