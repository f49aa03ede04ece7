import Foundation
import RxLite
import RxLiteTest
import Testing

/// Issue 24's deadlock hunt: for every subject, relay and operator that shares, replays, multicasts or merges, rounds
/// of random interleavings of subscribe, dispose, send, end and connect from three or four threads, with observers
/// that take an outside lock (also held by the threads that send and subscribe) and that subscribe, dispose, send or
/// connect again from inside their handlers (see `HuntRound`). A watchdog fails a round that does not finish; every
/// round checks that no element and no end was lost, repeated or reordered, and that no observer saw overlapping
/// calls or anything after the end. `.ci/run` runs it, also under ThreadSanitizer; `docs/RELIABILITY.md` says how to
/// run it longer.
@Suite(.serialized, .checksResources) struct DeadlockHunt {
    @Test(arguments: HuntTarget.all.map(\.name))
    func randomInterleavings(of targetName: String) {
        if let only = HuntSettings.onlyTarget, only != targetName { return }
        let target = HuntTarget.named(targetName)
        let baseSeed = HuntSettings.fixedSeed ?? UInt64.random(in: 1...UInt64.max)
        let deadline = HuntSettings.seconds.map { Date().addingTimeInterval($0) }
        var round = 0
        while deadline.map({ Date() < $0 }) ?? (round < HuntSettings.rounds) {
            let seed = HuntSettings.seed(base: baseSeed, round: round)
            let replay = "RXLITE_HUNT_SEED=\(seed) RXLITE_HUNT_ROUNDS=1 swift test --filter DeadlockHunt"
            let hunt = HuntRound(target: target, seed: seed)
            guard hunt.run() else {
                // Threads are stuck inside the round: keep it alive for them, and stop.
                _ = Unmanaged.passRetained(hunt)
                Issue.record(
                    """
                    \(target.name): round \(round) (seed \(seed)) did not finish within \
                    \(HuntSettings.watchdogSeconds) s: a deadlock. Replay its script: \(replay)
                    """)
                return
            }
            let aliveAtEnd = hunt.tearDown()
            let problems = hunt.check(aliveAtEnd: aliveAtEnd)
            guard problems.isEmpty else {
                Issue.record(
                    """
                    \(target.name): round \(round) (seed \(seed); \(hunt.elementCount) elements, \
                    end \(hunt.endIndex.map { "at \($0)\(hunt.endsWithError ? " (error)" : "")" } ?? "never")) \
                    broke the contract. Replay its script: \(replay)
                    \(problems.prefix(40).joined(separator: "\n"))
                    """)
                return
            }
            round += 1
        }
        #expect(round > 0)
    }
}
