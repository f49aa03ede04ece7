/// Disposes a disposable on a scheduler: for a resource that must be released on one thread (a UI object on the
/// main scheduler).
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    /// The word of `lock`, in this object's own memory (see ``InlineWord``): one allocation per disposable where a
    /// lock of its own took two. Must stay the first stored property.
    private var words = InlineWord()
    private let live = LiveResource()
    /// The scheduler the disposal runs on.
    public let scheduler: any ImmediateSchedulerType
    private var lock: LockWord { LockWord(word: 0, of: self) }
    // Guarded by `lock`: the disposable until disposal was requested.
    private var disposable: (any Disposable)?

    /// Disposes `disposable` on `scheduler` when this is disposed.
    public init(scheduler: any ImmediateSchedulerType, disposable: any Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
        assertFirstStoredProperty(of: self, &words)
    }

    /// `true` once disposal was requested.
    public var isDisposed: Bool { lock.withLock { disposable == nil } }

    /// Schedules the disposal on ``scheduler`` (once).
    public func dispose() {
        guard
            let resource = lock.withLock({ () -> (any Disposable)? in
                defer { disposable = nil }
                return disposable
            })
        else { return }
        let transfer = UncheckedTransfer(value: resource)
        _ = scheduler.schedule(()) { _ in
            transfer.value.dispose()
            return Disposables.create()
        }
    }
}
