import Dispatch

/// The handle of one scheduled action: cancels the timer, or disposes what the action returned.
final class ScheduledItem: Cancelable {
    let live = LiveResource()
    /// The timer and what the action returned, and whether the item was disposed, under one lock.
    private let state = DisposedFlagGuard(ScheduledItemState())

    /// An item not yet disposed, holding nothing.
    static func make() -> ScheduledItem { ScheduledItem() }

    var isDisposed: Bool { state.isDisposed }

    /// Runs `body` with the scope the item was made in current (see ``LiveResource/withCreationScope(_:)``).
    func withCreationScope(_ body: () -> Void) {
        live.withCreationScope(body)
    }

    func setTimer(_ timer: any DispatchSourceTimer) {
        if !state.storeUnlessDisposed({ $0.timer = timer }) { timer.cancel() }
    }

    /// Cancels and forgets the timer once it has fired.
    func releaseTimer() {
        state.withLock { $0.timer.take() }?.cancel()
    }

    func setInner(_ disposable: any Disposable) {
        if !state.storeUnlessDisposed({ $0.inner = disposable }) { disposable.dispose() }
    }

    func dispose() {
        let taken = state.takeOnFirstDispose { (timer: $0.timer.take(), inner: $0.inner.take()) }
        taken?.timer?.cancel()
        taken?.inner?.dispose()
    }
}

/// What a ``ScheduledItem`` holds under its lock: pure data (the steps on it are its ``DisposedFlagGuard``'s).
struct ScheduledItemState {
    var timer: (any DispatchSourceTimer)?
    var inner: (any Disposable)?
}
