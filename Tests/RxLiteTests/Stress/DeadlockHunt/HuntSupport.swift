import Foundation
import RxLite

/// The knobs of the deadlock hunt, read from the environment once.
///
/// - `RXLITE_HUNT_ROUNDS`: rounds per target (default 24; CI runs the default, also under ThreadSanitizer).
/// - `RXLITE_HUNT_SECONDS`: a time budget per target instead of a round count (a long run: `RXLITE_HUNT_SECONDS=60`).
/// - `RXLITE_HUNT_SEED`: the seed of the first round (default: a new one each run, printed with every failure); a
///   failure names the seed of its round, and `RXLITE_HUNT_SEED=<that seed> RXLITE_HUNT_ROUNDS=1` replays its script
///   (the operations and their order on each thread; the interleaving is the machine's).
/// - `RXLITE_HUNT_WATCHDOG`: seconds a round or a report's scenario may take before it counts as a deadlock (default
///   20: a ThreadSanitizer build on two busy cores is slow, and a real deadlock never ends).
enum HuntSettings {
    private static let environment = ProcessInfo.processInfo.environment

    static let rounds = environment["RXLITE_HUNT_ROUNDS"].flatMap(Int.init) ?? 24
    static let seconds = environment["RXLITE_HUNT_SECONDS"].flatMap(Double.init)
    static let fixedSeed = environment["RXLITE_HUNT_SEED"].flatMap { UInt64($0) }
    /// `RXLITE_HUNT_TARGET`: run only the target with this name (the others pass at once).
    static let onlyTarget = environment["RXLITE_HUNT_TARGET"]
    static let watchdogSeconds = environment["RXLITE_HUNT_WATCHDOG"].flatMap(Int.init) ?? 20

    /// The seed of round `round` of a run that started from `base`.
    static func seed(base: UInt64, round: Int) -> UInt64 {
        var mixer = SplitMix64(seed: base &+ UInt64(round) &* 0x9E37_79B9_7F4A_7C15)
        return round == 0 ? base : mixer.next()
    }
}

/// Hands what is not `Sendable` (subjects, disposables, observers) to another thread: what the hunt does on purpose.
final class Across<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs each body on a thread of its own, in the caller's resource scope (so the test's leak check sees what they
/// make), and waits for all of them for at most `seconds`. Returns `false` when one did not finish: a deadlock, or a
/// thread stuck behind one. The stuck threads are left behind; the timeout can only fail a test, never pass one.
func runThreads(_ bodies: [@Sendable () -> Void], seconds: Int = HuntSettings.watchdogSeconds) -> Bool {
    #if DEBUG
        let scope = ResourceScope.current
    #endif
    let group = DispatchGroup()
    for body in bodies {
        group.enter()
        let thread = Thread {
            #if DEBUG
                if let scope { scope.run(body) } else { body() }
            #else
                body()
            #endif
            group.leave()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    return group.wait(timeout: .now() + .seconds(seconds)) == .success
}

/// Waits for `semaphore` for at most `seconds`; `false` on timeout. A handshake that times out means the other side
/// never got there: a deadlock in the scenario, which the test reports instead of hanging.
func arrived(_ semaphore: DispatchSemaphore, seconds: Int = HuntSettings.watchdogSeconds) -> Bool {
    semaphore.wait(timeout: .now() + .seconds(seconds)) == .success
}

/// A short busy wait of up to `limit` iterations, to shift threads against each other without sleeping.
func spin(_ random: inout SplitMix64, upTo limit: Int) {
    var sink = 0
    for _ in 0..<Int(random.next() % UInt64(max(limit, 1))) { sink &+= 1 }
    if sink == -1 { print(sink) }
}

extension SplitMix64 {
    /// `true` with probability 1 in `odds`.
    mutating func oneIn(_ odds: Int) -> Bool { next() % UInt64(odds) == 0 }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
