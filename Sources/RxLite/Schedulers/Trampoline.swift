import CRxAtomics

/// Something a trampoline runs once it reaches it in its queue.
protocol TrampolineItem: AnyObject {
    func run()
}

/// The current-thread trampoline: a queue of actions that runs on the thread that opened it, until it is empty.
///
/// Invariants (debug builds check them after every change to the queue, and that no trampoline runs where one
/// opens): at most one trampoline per thread, reachable through the thread-local word of `CRxAtomics` while it
/// runs; only its own thread touches it (the thread whose word points at it), so it needs no lock. The queue object
/// is made only when the first action is queued: until then the word holds ``Trampoline/openMarker`` (most
/// top-level subscriptions queue nothing, and open and close it without an allocation).
final class Trampoline {
    private var items = RingBuffer<any TrampolineItem>()

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
        return !queue.items.isEmpty
    }

    /// Queues `item` behind everything already waiting.
    func append(_ item: any TrampolineItem) {
        items.append(item)
        _checkInvariants()
    }

    /// Opens a trampoline on this thread (there must be none), runs `body`, then every queued item in order,
    /// including those queued meanwhile, and closes it.
    static func open(_ body: () -> Void) {
        #if DEBUG
            precondition(
                rx_current_trampoline_get() == nil, "Internal inconsistency: a trampoline opens where one runs")
        #endif
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
        while let item = items.popFirst() {
            _checkInvariants()
            item.run()
        }
    }

    /// Debug builds: traps unless the calling thread is this trampoline's (its thread-local word points at it).
    private func _checkInvariants() {
        #if DEBUG
            precondition(
                rx_current_trampoline_get() == Unmanaged.passUnretained(self).toOpaque(),
                "Internal inconsistency: a trampoline is touched off its thread")
        #endif
    }
}
