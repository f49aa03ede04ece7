/// Disposes a disposable on a scheduler: for a resource that must be released on one thread (a UI object on the
/// main scheduler).
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    private let live = LiveResource()
    /// The scheduler the disposal runs on.
    public let scheduler: any ImmediateSchedulerType
    /// The disposable until disposal was requested, behind a lock. A public class whose API needs `init` cannot be a
    /// ``LockedBuffer`` itself, so it holds one.
    private let disposable: Locked<(any Disposable)?>

    /// Disposes `disposable` on `scheduler` when this is disposed.
    public init(scheduler: any ImmediateSchedulerType, disposable: any Disposable) {
        self.scheduler = scheduler
        self.disposable = Locked(disposable)
    }

    /// `true` once disposal was requested.
    public var isDisposed: Bool { disposable.withLock { $0 == nil } }

    /// Schedules the disposal on ``scheduler`` (once).
    public func dispose() {
        guard let resource = disposable.withLock({ $0.take() }) else { return }
        let transfer = UncheckedTransfer(value: resource)
        _ = scheduler.schedule(()) { _ in
            transfer.value.dispose()
            return Disposables.create()
        }
    }
}
