/// The logic of the switch that `flatMapLatest` and `flatMapFirst` run (``SwitchStorage``), without locks or
/// deliveries: which inner subscription may emit, which one ends when another starts, and when the output completes.
/// The storage runs each transition holding its emitter's lock, and ends the lifetimes it is handed after releasing
/// it.
///
/// Each inner subscription gets an id, counting up; its events carry it, so those of an inner that was replaced are
/// recognised and dropped even when they arrive after the replacement.
///
/// Invariants (debug builds check them after every transition):
/// - The current inner, if any, is the latest one started: its id is `latestID`.
struct SwitchStateMachine {
    /// The inner subscription that may emit, and its child lifetime.
    private(set) var current: (id: UInt64, lifetime: Lifetime)?
    /// The id of the inner subscription started last (a `just` included, which is never current).
    private(set) var latestID: UInt64 = 0
    /// Set when the outer sequence completed: the output completes when no inner runs.
    private(set) var outerDone = false
    /// A finished, unreferenced child lifetime ready for the next inner sequence.
    private var spareChild: Lifetime?

    init() {}

    /// The spare child lifetime, if one waits; it is no longer spare.
    mutating func takeSpareChild() -> Lifetime? {
        spareChild.take()
    }

    /// Keeps `child`, finished and unreferenced, for the next inner sequence.
    mutating func keepSpareChild(_ child: Lifetime) {
        spareChild = child
    }

    /// Whether an inner subscription runs now.
    var hasCurrent: Bool { current != nil }

    /// An inner subscription starts, in `child`. Returns its id and the lifetime of the inner it replaces (the
    /// caller ends it), or `nil` when it is dropped: `flatMapFirst` while an inner runs; the unused `child` is then
    /// the next spare.
    mutating func start(_ child: Lifetime, whileOneRuns policy: SwitchPolicy) -> (id: UInt64, replaced: Lifetime?)? {
        if policy.ignoresTheNew && current != nil {
            spareChild = child
            return nil
        }
        let replaced = current.take()?.lifetime
        latestID &+= 1
        current = (latestID, child)
        _checkInvariants()
        return (latestID, replaced)
    }

    /// What a `just` inner sequence does (see ``startJust(whileOneRuns:)``).
    enum JustStart {
        /// Nothing: `flatMapFirst` while an inner runs.
        case dropped
        /// Its element goes out.
        case emit
        /// The inner it replaces ends first (the caller ends this lifetime), then its element goes out.
        case emitAfterEnding(Lifetime)
    }

    /// `just(element)` starts as the inner sequence, without being subscribed to: it ends during subscribe, so nothing
    /// stays current.
    mutating func startJust(whileOneRuns policy: SwitchPolicy) -> JustStart {
        if policy.ignoresTheNew && current != nil { return .dropped }
        latestID &+= 1
        let replaced = current.take()
        _checkInvariants()
        guard let replaced else { return .emit }
        return .emitAfterEnding(replaced.lifetime)
    }

    /// Whether an element or error of inner subscription `id` goes out: only the current one's do.
    func admits(_ id: UInt64) -> Bool {
        id == latestID && current != nil
    }

    /// What the completion of an inner subscription does (see ``innerCompleted(_:)``).
    enum InnerCompletion {
        /// Nothing: the inner was replaced already.
        case stale
        /// The current inner ended (the caller ends its lifetime); the output completes with it when the outer
        /// sequence has.
        case ended(Lifetime, completesOutput: Bool)
    }

    /// Inner subscription `id` completed.
    mutating func innerCompleted(_ id: UInt64) -> InnerCompletion {
        guard id == latestID, let ended = current.take() else { return .stale }
        _checkInvariants()
        return .ended(ended.lifetime, completesOutput: outerDone)
    }

    /// The outer sequence completed. Returns whether the output completes now (no inner runs).
    mutating func outerCompleted() -> Bool {
        outerDone = true
        return current == nil
    }

    /// Debug builds: traps unless the state keeps the invariants the type states.
    func _checkInvariants() {
        #if DEBUG
            if let current {
                precondition(current.id == latestID, "Internal inconsistency: the current inner is not the latest")
            }
        #endif
    }
}
