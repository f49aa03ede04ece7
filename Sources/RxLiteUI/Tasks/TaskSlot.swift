import Foundation
import RxLite

/// Runs one task at a time: starting a task cancels the one running, and ``cancel()`` stops it. A task is any
/// observable whose subscription does the work (a countdown, a request, an animation); it runs until it completes,
/// fails or is cancelled.
///
/// ```swift
/// let slot = TaskSlot()
/// slot.start(countdown)      // runs it
/// slot.start(countdown)      // cancels the first, then runs the second: never two at once
/// slot.cancel()              // disposes the running one; its `Disposables.create { ... }` cleanup runs
/// slot.isRunning.drive(onNext: { spinner.isHidden = !$0 })
/// ```
///
/// This is the "replace the `DisposeBag`" idiom, made explicit: the previous task is disposed *before* the next
/// one is subscribed, so the cleanup of the first (hiding its popup, say) always runs before the second begins.
///
/// Elements of a task are ignored, and so is its error, which only ends the task: a task does its work through
/// its own side effects (`do(onNext:)`, a relay, a binder), and handles its errors itself (`catch`, `do(onError:)`).
///
/// Thread-safe: `start` and `cancel` may be called from any thread, also from inside a running task's events.
/// Once `cancel()` returns on a thread, the cancelled task emits nothing more *on that thread*, and nothing more
/// at all once an event in flight elsewhere has returned (the Rx dispose guarantee); two `start`s on two threads
/// at once end with the later one running. Deallocating the slot cancels its task.
public final class TaskSlot: @unchecked Sendable {
    // @unchecked: every stored `var` is guarded by `lock`; the relay is thread-safe.
    private let lock = Lock()
    /// The running task's subscription, `nil` when idle. Guarded by `lock`.
    private var current: SingleAssignmentDisposable?
    private let running = BehaviorRelay(value: false)
    /// Whether a thread is feeding the relay, and whether the state changed since it last read it. Guarded by
    /// `lock`. One thread at a time feeds the relay, with no lock held (its observers are user code), and goes on
    /// until no change is left: so the latest state is published last even when two threads change it at once, and
    /// an observer of `isRunning` may start or cancel a task (its change is published when its call returns).
    private var isPublishing = false
    private var hasUnpublishedChange = false

    /// An idle slot.
    public init() {}

    deinit {
        current?.dispose()
    }

    /// Cancels the running task, if any, then subscribes to `work`.
    public func start(_ work: some ObservableConvertibleType) {
        let run = SingleAssignmentDisposable()
        let previous = replaceCurrent(with: run)
        // Before subscribing: the first task's cleanup runs before the second task begins.
        previous?.dispose()
        publishRunning()
        // A task that ends (also during this subscribe) frees the slot, unless a newer task already took it.
        run.setDisposable(
            work.asObservable().subscribe(
                onError: { [weak self, weak run] _ in self?.finish(run) },
                onCompleted: { [weak self, weak run] in self?.finish(run) }))
    }

    /// Disposes the running task, if any. Its cleanup runs before this returns.
    public func cancel() {
        replaceCurrent(with: nil)?.dispose()
        publishRunning()
    }

    /// Whether a task is running at the moment of the call, read on the calling thread: for a check in code such as
    /// a guard or a test. ``isRunning`` is the same state as a stream for bindings; it delivers on the main scheduler,
    /// so it may show a change later than this property does.
    public var isRunningNow: Bool { lock.withLock { current != nil } }

    /// The old name of ``isRunningNow``, which says less about how it differs from ``isRunning``.
    @available(*, deprecated, renamed: "isRunningNow")
    public var isBusy: Bool { isRunningNow }

    /// Whether a task is running, as a stream for bindings: the current state first, then each change, on the main
    /// scheduler (or the mocked one, see `SharingScheduler`). Restarting a running task keeps it `true` without a
    /// blink. To read the state once, now, use ``isRunningNow``.
    public var isRunning: Driver<Bool> { running.asDriver() }

    /// Makes `run` the current task and returns the one it replaces, for the caller to dispose outside the lock.
    private func replaceCurrent(with run: SingleAssignmentDisposable?) -> SingleAssignmentDisposable? {
        lock.withLock {
            let previous = current
            current = run
            return previous
        }
    }

    private func finish(_ run: SingleAssignmentDisposable?) {
        guard let run else { return }
        let freed = lock.withLock { () -> Bool in
            guard current === run else { return false }
            current = nil
            return true
        }
        if freed { publishRunning() }
    }

    private func publishRunning() {
        lock.lock()
        hasUnpublishedChange = true
        if isPublishing {
            // The publishing thread will read the state again before it stops.
            lock.unlock()
            return
        }
        isPublishing = true
        while hasUnpublishedChange {
            hasUnpublishedChange = false
            let isRunningNow = current != nil
            lock.unlock()
            if running.value != isRunningNow { running.accept(isRunningNow) }
            lock.lock()
        }
        isPublishing = false
        lock.unlock()
    }
}
