/// The loop behind operators that subscribe again when an upstream ends (`concat`, `concatMap`, `retry`,
/// `retry(when:)`): the rule "No recursion proportional to data" of `docs/INTERNALS.md`.
///
/// Invariants: `requests` counts calls to ``run(_:)`` not yet served. The call that raises it from zero runs
/// `step` in a loop until every request is served; any other call (from another thread, or from inside `step` when
/// an upstream ends during its own subscribe) only raises the count, so the loop, not the stack, moves on. A `step`
/// that returns `false` ends the loop for good and leaves the count raised: nothing will subscribe again. The count's
/// acquire/release orderings also hand whatever `step` touches from the thread that ran it to the one that runs it
/// next, so only one thread at a time touches it.
///
/// Debug builds check the count: never below zero, and at least 1 (the loop's own call) each time the loop runs
/// `step`. That a call runs `step` only through the loop is the code's shape, not a state to check.
struct ResubscriptionLoop {
    /// The count of calls not yet served: the owner's ``RxAtomic``, zero at first.
    let requests: AtomicView<Int>

    /// Runs `step` now, or has the call already running it run it once more.
    func run(_ step: () -> Bool) {
        if requests.add(1, ordering: .acquiringAndReleasing).oldValue != 0 {
            _checkInvariants(isLooping: false)
            return
        }
        repeat {
            _checkInvariants(isLooping: true)
            guard step() else { return }
        } while requests.subtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }

    /// Debug builds: traps unless the count is not negative, and (`isLooping`, on the thread that runs the loop) at
    /// least 1: only the loop serves requests, so its own is unserved until it counts it down.
    func _checkInvariants(isLooping: Bool) {
        #if DEBUG
            let unserved = requests.load(ordering: .relaxed)
            precondition(
                unserved >= (isLooping ? 1 : 0),
                "Internal inconsistency: a resubscription loop counts \(unserved) calls")
        #endif
    }
}
