/// The state of a periodic action. Only the timer's handler touches it, one call at a time, so the lock is never
/// contended: it is there so that every access to the state is under it, as in every ``LockedBuffer``.
final class PeriodicStorage<State>: LockedBuffer<PeriodicState<State>> {
    static func make(state: State, action: @escaping (State) -> State) -> PeriodicStorage {
        make(state: PeriodicState(action: action, value: state))
    }

    /// Runs the action on the current state, without the lock, and keeps its result.
    func run() {
        let state = state
        lock.lock()
        let action = state.pointee.action
        let current = state.pointee.value
        lock.unlock()
        HeldLocks.checkNoneHeld("a scheduled action")
        let next = action(current)
        lock.lock()
        // The state replaced is the user's: released after the lock.
        let replaced = state.pointee.value
        state.pointee.value = next
        lock.unlock()
        withExtendedLifetime(replaced) {}
    }
}

/// The state of a ``PeriodicStorage``, under its lock.
struct PeriodicState<State> {
    let action: (State) -> State
    /// Last: its layout depends on `State` (see ``LockedBuffer``).
    var value: State
}
