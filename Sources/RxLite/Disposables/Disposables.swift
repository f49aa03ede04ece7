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

/// Runs an action once, on the first `dispose()`: the first `dispose()` takes the action out under the lock, so the
/// state holds `nil` once disposed.
///
/// The lock box itself, with the disposable's two methods in an extension constrained to its state, rather than a
/// final class holding a box: `Disposables.create { }` and every cleanup closure a lifetime keeps make one, and the
/// class around the box was an allocation more each time.
typealias AnonymousDisposable = LockedBuffer<AnonymousDisposableState>

extension LockedBuffer: Disposable, Cancelable where State == AnonymousDisposableState {
    /// A disposable that runs `action` the first time it is disposed.
    static func make(_ action: @escaping () -> Void) -> AnonymousDisposable {
        make(state: AnonymousDisposableState(action: action))
    }

    var isDisposed: Bool { withLock { $0.action == nil } }

    func dispose() {
        // Taken out into a local rather than returned from `withLock`: a closure returned through its generic result
        // is reabstracted, an allocation per dispose.
        var action: (() -> Void)?
        withLock { action = $0.action.take() }
        HeldLocks.checkNoneHeld("a cleanup action (dispose())")
        action?()
    }
}

/// The state of an ``AnonymousDisposable``, under its lock: pure data (the one step, taking the action out, is
/// `Optional.take()`). The action sits in a struct of its own, not as the lock's generic value, so that it is stored
/// as a plain closure and not reabstracted on every access.
struct AnonymousDisposableState {
    /// Counts the disposable among the live resources (debug builds; nothing in release builds).
    let live = LiveResource()
    /// The action, until the first `dispose()` takes it.
    var action: (() -> Void)?
}
