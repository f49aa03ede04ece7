/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Cancelable, Sendable {
    /// The word of `disposedFlag`, in this object's own memory (see ``InlineWord``). Must stay the first stored
    /// property.
    private nonisolated(unsafe) var words = InlineWord()
    private var disposedFlag: AtomicView<Bool> { AtomicView(word: 0, of: self) }

    /// A disposable, disposed already when `isDisposed` is `true`.
    public init(isDisposed: Bool = false) {
        assertFirstStoredProperty(of: self, &words)
        disposedFlag.store(isDisposed, ordering: .relaxed)
    }

    /// `true` once `dispose()` has run.
    public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    /// Marks the disposable disposed.
    public func dispose() {
        disposedFlag.store(true, ordering: .releasing)
    }
}
