/// The loop behind operators that subscribe again when an upstream ends (`concat`, `concatMap`, `retry`): rule 6
/// of `docs/INTERNALS.md`, no recursion proportional to data.
///
/// Invariants: `requests` counts calls to ``run(_:)`` not yet served. The call that raises it from zero runs
/// `step` in a loop until every request is served; any other call (from another thread, or from inside `step` when
/// an upstream ends during its own subscribe) only raises the count, so the loop, not the stack, moves on. A `step`
/// that returns `false` ends the loop for good and leaves the count raised: nothing will subscribe again.
struct SubscriptionTrampoline: ~Copyable {
    let requests = Atomic<Int>(0)

    init() {}

    /// Runs `step` now, or has the call already running it run it once more.
    func run(_ step: () -> Bool) {
        if requests.add(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
        repeat {
            guard step() else { return }
        } while requests.subtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }
}
