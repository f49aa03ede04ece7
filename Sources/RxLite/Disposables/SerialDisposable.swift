/// Holds one disposable at a time: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, any disposable assigned to it is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    @usableFromInline
    let live = LiveResource()
    private let lock = Lock()
    private let disposedFlag = Atomic<Bool>(false)
    private var current: (any Disposable)?

    /// An empty serial disposable.
    public init() {
    }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    /// The disposable held now. Setting it disposes the one held before.
    public var disposable: any Disposable {
        get { lock.withLock { current ?? Disposables.create() } }
        set {
            var previous: (any Disposable)?
            if storeUnlessDisposed(
                lock, disposedFlag,
                {
                    previous = current; current = newValue
                })
            {
                previous?.dispose()
            } else {
                newValue.dispose()
            }
        }
    }

    /// Disposes the disposable held now and every one assigned later.
    public func dispose() {
        takeOnFirstDispose(lock, disposedFlag) { current.take() }?.dispose()
    }
}
