import CRxAtomics

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

/// Something a trampoline runs once it reaches it in its queue.
protocol TrampolineItem: AnyObject {
    func run()
}

/// The current-thread trampoline: a queue of actions that runs on the thread that opened it, until it is empty.
///
/// Invariants: at most one trampoline per thread, reachable through the thread-local word of `CRxAtomics` while it
/// runs; only its own thread touches it, so it needs no lock. The queue object is made only when the first action is
/// queued: until then the word holds ``Trampoline/openMarker`` (most top-level subscriptions queue nothing, and
/// open and close it without an allocation).
final class Trampoline {
    private var items: [any TrampolineItem] = []
    private var head = 0

    private init() {}

    /// The thread-local word of a trampoline that is open with nothing queued yet: not a valid object address.
    private static var openMarker: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

    /// Whether a trampoline runs on this thread: one thread-local load.
    static var isRunning: Bool { rx_current_trampoline_get() != nil }

    /// The queue of the trampoline running on this thread, made now if it was open with nothing queued; `nil` when
    /// none runs.
    static var current: Trampoline? {
        guard let pointer = rx_current_trampoline_get() else { return nil }
        if pointer == openMarker {
            let queue = Trampoline()
            // Owned by `open` from here on, which releases it when it closes.
            rx_current_trampoline_set(Unmanaged.passRetained(queue).toOpaque())
            return queue
        }
        return Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Whether an action waits in this thread's trampoline queue; `false` while nothing was ever queued (no queue
    /// is made to find out).
    static var hasWaitingItems: Bool {
        guard let pointer = rx_current_trampoline_get(), pointer != openMarker else { return false }
        let queue = Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
        return queue.head != queue.items.count
    }

    /// Queues `item` behind everything already waiting.
    func append(_ item: any TrampolineItem) {
        items.append(item)
    }

    /// Opens a trampoline on this thread (there must be none), runs `body`, then every queued item in order,
    /// including those queued meanwhile, and closes it.
    static func open(_ body: () -> Void) {
        rx_current_trampoline_set(openMarker)
        defer {
            if let pointer = rx_current_trampoline_get(), pointer != openMarker {
                Unmanaged<Trampoline>.fromOpaque(pointer).release()
            }
            rx_current_trampoline_set(nil)
        }
        body()
        guard let pointer = rx_current_trampoline_get(), pointer != openMarker else { return }
        Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue().drain()
    }

    private func drain() {
        while head < items.count {
            let item = items[head]
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= 64 && head * 2 >= items.count {
                items.removeFirst(head)
                head = 0
            }
            item.run()
        }
    }
}

extension Observable {
    /// Runs a subscription made outside any other (a `subscribe` call, or an operator subscribing from a scheduler's
    /// action): opens the current-thread trampoline when none runs on this thread, as RxSwift's `subscribe` does, so
    /// that the sources that default to it interleave their elements in RxSwift's order.
    final func subscribeTopLevel(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
        if Trampoline.isRunning {
            runSubscription(sink, lifetime)
        } else {
            Trampoline.open { runSubscription(sink, lifetime) }
        }
    }
}

/// Emits a source's elements one per trampoline action (RxSwift's `scheduleRecursive` on `CurrentThreadScheduler`):
/// `step` emits one element, or ends the sequence and returns `false`. While nothing else waits in the queue the
/// steps run in a loop, which is the same order without an action per element.
final class TrampolinedEmission: TrampolineItem {
    let step: () -> Bool

    init(_ step: @escaping () -> Bool) {
        self.step = step
    }

    /// Starts emitting: queued behind the running trampoline's actions, or at once in a trampoline of its own.
    static func start(_ step: @escaping () -> Bool) {
        let emission = TrampolinedEmission(step)
        if let trampoline = Trampoline.current {
            trampoline.append(emission)
        } else {
            Trampoline.open { emission.run() }
        }
    }

    func run() {
        while step() {
            if Trampoline.hasWaitingItems {
                Trampoline.current!.append(self)
                return
            }
        }
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
