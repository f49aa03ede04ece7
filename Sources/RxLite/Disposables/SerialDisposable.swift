/// Holds one disposable at a time: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, any disposable assigned to it is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    let live = LiveResource()
    /// The disposable held now, and whether the serial disposable was disposed, under one lock.
    private let current = DisposedFlagGuard<(any Disposable)?>(nil)

    /// An empty serial disposable.
    public init() {}

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { current.isDisposed }

    /// The disposable held now. Setting it disposes the one held before.
    public var disposable: any Disposable {
        get { current.withLock { $0 ?? Disposables.create() } }
        set {
            var previous: (any Disposable)?
            if current.storeUnlessDisposed({ held in
                previous = held
                held = newValue
            }) {
                previous?.dispose()
            } else {
                newValue.dispose()
            }
        }
    }

    /// Disposes the disposable held now and every one assigned later.
    public func dispose() {
        current.takeOnFirstDispose { $0.take() }?.dispose()
    }
}
