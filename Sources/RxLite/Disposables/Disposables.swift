/// Factory functions for the common disposables.
public enum Disposables {
    /// A disposable that does nothing.
    public static func create() -> any Disposable { NopDisposable.instance }

    /// A disposable that runs `dispose` the first time it is disposed.
    public static func create(with dispose: @escaping () -> Void) -> any Cancelable {
        AnonymousDisposable.make(dispose)
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

/// Runs an action once, on the first `dispose()`: the action in the header, taken out under the lock by the first
/// `dispose()`, so `nil` once disposed.
final class AnonymousDisposable: LockedBuffer<AnonymousDisposableState>, Cancelable {
    /// A disposable that runs `action` the first time it is disposed.
    static func make(_ action: @escaping () -> Void) -> AnonymousDisposable {
        make(state: AnonymousDisposableState(action: action))
    }

    var isDisposed: Bool { withLock { $0.action == nil } }

    func dispose() {
        // Not `withLock`: a closure returned through its generic result is reabstracted, an allocation per dispose.
        let lock = lock
        lock.lock()
        let action = state.pointee.action.take()
        lock.unlock()
        HeldLocks.checkNoneHeld("a cleanup action (dispose())")
        action?()
    }
}

/// The state of an ``AnonymousDisposable``, under its lock.
struct AnonymousDisposableState {
    let live = LiveResource()
    /// The action, until the first `dispose()` takes it.
    var action: (() -> Void)?
}
