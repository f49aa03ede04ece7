/// Factory functions for the common disposables.
public enum Disposables {
    /// A disposable that does nothing.
    public static func create() -> any Disposable { NopDisposable.instance }

    /// A disposable that runs `dispose` the first time it is disposed.
    public static func create(with dispose: @escaping () -> Void) -> any Cancelable {
        AnonymousDisposable(dispose)
    }

    /// A disposable that disposes both.
    public static func create(_ disposable1: any Disposable, _ disposable2: any Disposable) -> any Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2])
    }

    /// A disposable that disposes all three.
    public static func create(
        _ disposable1: any Disposable, _ disposable2: any Disposable, _ disposable3: any Disposable
    ) -> any Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3])
    }

    /// A disposable that disposes all of them.
    public static func create(_ disposables: any Disposable...) -> any Cancelable {
        CompositeDisposable(disposables: disposables)
    }

    /// A disposable that disposes all of them.
    public static func create(_ disposables: [any Disposable]) -> any Cancelable {
        CompositeDisposable(disposables: disposables)
    }
}

final class NopDisposable: Disposable, Sendable {
    static let instance = NopDisposable()
    func dispose() {}
}

/// Runs an action once, on the first `dispose()`.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {
    /// The word of `disposedFlag`, in this object's own memory (see ``InlineWord``): every cleanup action a
    /// subscription holds is one of these, and a flag of its own cost each a second allocation. Must stay the first
    /// stored property.
    private var words = InlineWord()
    let live = LiveResource()
    /// Taken and cleared only by the one `dispose()` that flips `disposedFlag`, so it needs no lock.
    private var action: (() -> Void)?
    private var disposedFlag: AtomicView<Bool> { AtomicView(word: 0, of: self) }

    init(_ action: @escaping () -> Void) {
        self.action = action
        assertFirstStoredProperty(of: self, &words)
    }

    var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    func dispose() {
        if disposedFlag.exchange(true, ordering: .acquiringAndReleasing) { return }
        let action = self.action
        self.action = nil
        HeldLocks.checkNoneHeld("a cleanup action (dispose())")
        action?()
    }
}
