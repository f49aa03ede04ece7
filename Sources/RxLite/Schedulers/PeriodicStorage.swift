/// A periodic action on a dispatch timer and the state it passes from run to run. Only the timer's handler touches
/// the state, one call at a time, so its lock is never contended: it is there so that every access to the state is
/// under one, as in every storage.
final class PeriodicStorage<State> {
    let action: (State) -> State
    /// The action's state: what the last run returned.
    private let value: Locked<State>

    private init(state: State, action: @escaping (State) -> State) {
        self.action = action
        value = Locked(state)
    }

    static func make(state: State, action: @escaping (State) -> State) -> PeriodicStorage {
        PeriodicStorage(state: state, action: action)
    }

    /// Runs the action on the current state, without the lock, and keeps its result.
    func run() {
        let current = value.withLock { $0 }
        HeldLocks.checkNoneHeld("a scheduled action")
        let next = action(current)
        let replaced = value.withLock { value in
            defer { value = next }
            return value
        }
        // The state replaced is the user's: released after the lock.
        withExtendedLifetime(replaced) {}
    }
}
