import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs actions on the calling thread, as a trampoline: an action scheduled while another runs on the same thread
/// waits in a queue until the running one returns, so recursive scheduling never grows the stack.
///
/// RxLite's own operators do not route subscriptions through it (that per-subscribe check is a large share of
/// RxSwift's cost); operators that recurse keep their own local trampolines instead.
public final class CurrentThreadScheduler: ImmediateSchedulerType {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private init() {}

    /// `true` when no trampoline is running on this thread, so `schedule` would run its action at once.
    public static var isScheduleRequired: Bool { TrampolineQueue.current == nil }

    public func schedule<StateType>(
        _ state: StateType, action: @escaping (StateType) -> any Disposable
    ) -> any Disposable {
        if let queue = TrampolineQueue.current {
            let item = QueuedAction(state: state, action: action)
            queue.items.append(item)
            return item
        }
        let queue = TrampolineQueue()
        TrampolineQueue.current = queue
        defer { TrampolineQueue.current = nil }
        let disposable = action(state)
        while !queue.items.isEmpty {
            let next = queue.items.removeFirst()
            next.run()
        }
        return disposable
    }
}

/// The queue of the trampoline running on one thread.
private final class TrampolineQueue {
    var items: [QueuedAction] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The trampoline of the calling thread; the thread-specific slot holds it unretained while it runs.
    static var current: TrampolineQueue? {
        get {
            guard let pointer = pthread_getspecific(key) else { return nil }
            return Unmanaged<TrampolineQueue>.fromOpaque(pointer).takeUnretainedValue()
        }
        set {
            if let old = pthread_getspecific(key) { Unmanaged<TrampolineQueue>.fromOpaque(old).release() }
            pthread_setspecific(key, newValue.map { Unmanaged.passRetained($0).toOpaque() })
        }
    }
}

/// An action waiting in a trampoline queue.
private final class QueuedAction: Disposable {
    private var run_: (() -> any Disposable)?
    private var result: (any Disposable)?
    private var isDisposed = false

    init<State>(state: State, action: @escaping (State) -> any Disposable) {
        run_ = { action(state) }
    }

    func run() {
        guard !isDisposed, let body = run_ else { return }
        run_ = nil
        result = body()
    }

    // Trampoline actions belong to one thread; disposing comes from that thread.
    func dispose() {
        isDisposed = true
        run_ = nil
        result?.dispose()
        result = nil
    }
}
