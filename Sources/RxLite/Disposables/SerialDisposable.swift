/// Holds one disposable at a time: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, any disposable assigned to it is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    let live = LiveResource()
    /// The disposable held now, under the lock; the lock and the disposed flag are the buffer's words (a
    /// ``DisposedFlagGuard``'s). A public class whose API needs `init` cannot be a ``LockedBuffer`` itself, so it holds
    /// one.
    private let storage = LockedBuffer<(any Disposable)?>.make(words: DisposedFlagGuard.words, state: nil)

    /// An empty serial disposable.
    public init() {}

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { DisposedFlagGuard(storage).isDisposed }

    /// The disposable held now. Setting it disposes the one held before.
    public var disposable: any Disposable {
        get { storage.withLock { $0 ?? Disposables.create() } }
        set {
            let current = storage.state
            var previous: (any Disposable)?
            if DisposedFlagGuard(storage).storeUnlessDisposed({
                previous = current.pointee
                current.pointee = newValue
            }) {
                previous?.dispose()
            } else {
                newValue.dispose()
            }
        }
    }

    /// Disposes the disposable held now and every one assigned later.
    public func dispose() {
        let current = storage.state
        DisposedFlagGuard(storage).takeOnFirstDispose { current.pointee.take() }?.dispose()
    }
}
