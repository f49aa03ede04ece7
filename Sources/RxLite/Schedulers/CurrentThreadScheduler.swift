/// Runs actions on the calling thread, as a trampoline: an action scheduled while another runs on the same thread
/// waits in a queue until the running one returns, so recursive scheduling never grows the stack.
///
/// As in RxSwift, every top-level `subscribe` opens this trampoline on its thread for as long as it runs, and the
/// sources that default to it (``Observable/of(_:)``, ``Observable/from(_:)``, ``Observable/range(start:count:)``,
/// ``Observable/repeatElement(_:)``, ``Observable/generate(initialState:condition:iterate:)``) emit one element per
/// queued action. So two such sources merged interleave (`merge(of(1, 3), of(2, 4))` emits 1 2 3 4), and an
/// operator that subscribes to one during its own subscription sees its elements only after that subscription
/// returned. `just`, `empty` and `error` emit at once.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// `true` when no trampoline is running on this thread, so `schedule` would run its action at once.
    public static var isScheduleRequired: Bool { !Trampoline.isRunning }

    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        if let queue = Trampoline.current {
            let item = QueuedAction(state: state, action: action)
            queue.append(item)
            return item
        }
        var disposable: (any Disposable)?
        HeldLocks.checkNoneHeld("a scheduled action")
        Trampoline.open { disposable = action(state) }
        return disposable!
    }
}

/// An action scheduled on ``CurrentThreadScheduler`` while its trampoline was running.
private final class QueuedAction: TrampolineItem, Disposable {
    private var body: (() -> any Disposable)?
    private var result: (any Disposable)?
    private var isDisposed = false

    init<State>(state: State, action: @escaping (State) -> any Disposable) {
        body = { action(state) }
    }

    func run() {
        guard !isDisposed, let body else { return }
        self.body = nil
        HeldLocks.checkNoneHeld("a scheduled action")
        result = body()
    }

    // Trampoline actions belong to one thread; disposing comes from that thread.
    func dispose() {
        isDisposed = true
        body = nil
        result?.dispose()
        result = nil
    }
}
