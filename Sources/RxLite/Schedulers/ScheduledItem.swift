import Dispatch

/// The handle of one scheduled action: cancels the timer, or disposes what the action returned. The lock and the
/// disposed flag are its tail words (a ``DisposedFlagGuard``'s).
final class ScheduledItem: LockedBuffer<ScheduledItemState>, Cancelable {
    static func make() -> ScheduledItem {
        make(words: DisposedFlagGuard.words, state: ScheduledItemState())
    }

    var isDisposed: Bool { DisposedFlagGuard(self).isDisposed }

    /// Runs `body` with the scope the item was made in current (see ``LiveResource/withCreationScope(_:)``).
    func withCreationScope(_ body: () -> Void) {
        #if DEBUG
            // Read under the lock, as all of the state is: a transition is handed the whole state `inout`.
            let live = withLock { $0.live }
            live.withCreationScope(body)
        #else
            // A release build keeps no scope (``LiveResource`` is empty there): no lock round trip per action.
            body()
        #endif
    }

    func setTimer(_ timer: any DispatchSourceTimer) {
        let state = state
        if !DisposedFlagGuard(self).storeUnlessDisposed({ state.pointee.timer = timer }) { timer.cancel() }
    }

    /// Cancels and forgets the timer once it has fired.
    func releaseTimer() {
        withLock { $0.timer.take() }?.cancel()
    }

    func setInner(_ disposable: any Disposable) {
        let state = state
        if !DisposedFlagGuard(self).storeUnlessDisposed({ state.pointee.inner = disposable }) { disposable.dispose() }
    }

    func dispose() {
        let state = state
        let taken = DisposedFlagGuard(self).takeOnFirstDispose {
            (timer: state.pointee.timer.take(), inner: state.pointee.inner.take())
        }
        taken?.timer?.cancel()
        taken?.inner?.dispose()
    }
}

/// The state of a ``ScheduledItem``, under its lock.
struct ScheduledItemState {
    let live = LiveResource()
    var timer: (any DispatchSourceTimer)?
    var inner: (any Disposable)?
}
