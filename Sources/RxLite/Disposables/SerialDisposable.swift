/// Holds one disposable at a time: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, any disposable assigned to it is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    /// The words of `lock` and `disposedFlag`, in this object's own memory (see ``InlineWord``): one allocation per
    /// disposable where a lock and a flag of their own took three. Must stay the first stored property.
    private var words = (InlineWord(), InlineWord())
    let live = LiveResource()
    private var lock: LockWord { LockWord(word: 0, of: self) }
    private var disposedFlag: AtomicView<Bool> { AtomicView(word: 1, of: self) }
    private var current: (any Disposable)?

    /// An empty serial disposable.
    public init() {
        assertFirstStoredProperty(of: self, &words)
    }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    /// The disposable held now. Setting it disposes the one held before.
    public var disposable: any Disposable {
        get { lock.withLock { current ?? Disposables.create() } }
        set {
            var previous: (any Disposable)?
            if DisposedFlagGuard(lock, disposedFlag).storeUnlessDisposed({
                previous = current; current = newValue
            }) {
                previous?.dispose()
            } else {
                newValue.dispose()
            }
        }
    }

    /// Disposes the disposable held now and every one assigned later.
    public func dispose() {
        DisposedFlagGuard(lock, disposedFlag).takeOnFirstDispose { current.take() }?.dispose()
    }
}
