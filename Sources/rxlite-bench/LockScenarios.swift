import CLockCandidates
import Dispatch
import Foundation
import RxLite
import RxLiteTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Lock round trips, the measurement behind the choice of RxLite's `Lock` (Primitives/Lock.swift; the table is in
// docs/PERFORMANCE.md): each candidate at 1, 2, 8 and 32 threads, every thread taking the same lock around a short critical section
// (one counter increment, RxLite's critical sections being a handful of instructions) as fast as it can. On a 2-core
// machine, 8 and 32 threads are oversubscription, as in an app that has many more threads than cores: a holder
// preempted inside its critical section makes every other thread wait for the scheduler to run it again, which is
// where a lock that only spins collapses (`LockSpinOnly`). Rows: `Lock<Candidate>(<threads>)`, ns per round trip over all
// threads (its inverse, the total throughput, is the note under the table). Only the locking is timed: the threads
// are started and parked at a gate before the clock starts.

/// Something with a lock around a counter; `bump()` is one lock/unlock round trip.
protocol LockedCounter: AnyObject, Sendable {
    init()
    func bump()
    var value: Int { get }
}

/// RxLite's own `Lock`: test-and-set that yields on Linux, `os_unfair_lock` on Apple platforms.
final class RxLiteLockCounter: LockedCounter, @unchecked Sendable {
    let lock = Lock()
    var count = 0  // guarded by `lock`

    @inline(never) func bump() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Test-and-set that only spins, never yielding: RxLite's Linux lock without its `sched_yield`, the lock that collapses
/// when a holder is preempted; kept to show that these scenarios see that collapse.
final class SpinOnlyCounter: LockedCounter, @unchecked Sendable {
    let isLocked = RxAtomic<Bool>(false)
    var count = 0  // guarded by `isLocked`

    @inline(never) func bump() {
        lock()
        count += 1
        isLocked.store(false, ordering: .releasing)
    }

    var value: Int {
        lock()
        defer { isLocked.store(false, ordering: .releasing) }
        return count
    }

    private func lock() {
        while !isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            while isLocked.load(ordering: .relaxed) {}
        }
    }
}

final class PthreadMutexCounter: LockedCounter, @unchecked Sendable {
    let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    var count = 0  // guarded by `mutex`

    init() { pthread_mutex_init(mutex, nil) }
    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(never) func bump() {
        pthread_mutex_lock(mutex)
        count += 1
        pthread_mutex_unlock(mutex)
    }
    var value: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return count
    }
}

#if os(Linux)
    /// How many times a waiter of ``FutexCounter`` polls the word before it sleeps.
    protocol FutexSpins { static var spins: Int32 { get } }
    /// A brief spin (100 polls) before sleeping, as glibc's adaptive mutex does.
    enum HundredPolls: FutexSpins { static var spins: Int32 { 100 } }
    /// No spin: a waiter sleeps at once.
    enum NoPolls: FutexSpins { static var spins: Int32 { 0 } }

    /// The futex lock of `CLockCandidates`.
    final class FutexCounter<Spins: FutexSpins>: LockedCounter, @unchecked Sendable {
        let futex: UnsafeMutablePointer<candidate_futex_lock> = .allocate(capacity: 1)
        var count = 0  // guarded by `futex`

        init() { candidate_futex_lock_init(futex) }
        deinit { futex.deallocate() }

        @inline(never) func bump() {
            candidate_futex_lock_lock(futex, Spins.spins)
            count += 1
            candidate_futex_lock_unlock(futex)
        }
        var value: Int {
            candidate_futex_lock_lock(futex, Spins.spins)
            defer { candidate_futex_lock_unlock(futex) }
            return count
        }
    }
#endif

/// The thread counts every candidate runs at; each divides `lockRoundTripsPerIteration`.
let lockThreadCounts = [1, 2, 8, 32]
/// Round trips per iteration, over all threads: 960 splits evenly among 1, 2, 8 and 32 threads, and at the default
/// 10,000 iterations makes each run long enough (tens of milliseconds and more) for threads to be preempted holding
/// the lock; shorter runs finish each thread within one time slice and measure no contention at all.
let lockRoundTripsPerIteration = 960

/// The throughput of each lock scenario's last full-size run, and the processor time it took, for the note under the
/// table. Processor time shows what waiting costs beyond the wall clock: a spinning waiter burns a core that other
/// work could have had, a sleeping one does not.
final class LockScenarioReport: Sendable {
    private let largest = Protected<(roundTrips: Int, nanoseconds: UInt64, cpuNanoseconds: UInt64)>((0, 0, 0))

    func record(roundTrips: Int, nanoseconds: UInt64, cpuNanoseconds: UInt64) {
        largest.withLock { largest in
            if roundTrips >= largest.roundTrips { largest = (roundTrips, nanoseconds, cpuNanoseconds) }
        }
    }

    var note: String {
        let (roundTrips, nanoseconds, cpuNanoseconds) = largest.withLock { $0 }
        guard roundTrips > 0, nanoseconds > 0 else { return "no run" }
        let perSecond = Double(roundTrips) / (Double(nanoseconds) / 1e9)
        return String(
            format: "%.1f million round trips per second in total, %.1f ns of processor time per round trip (last run)",
            perSecond / 1e6, Double(cpuNanoseconds) / Double(roundTrips))
    }
}

/// Processor time (user and system) of the whole process so far.
func processorNanoseconds() -> UInt64 {
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    func nanoseconds(_ time: timeval) -> UInt64 { UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_usec) * 1_000 }
    return nanoseconds(usage.ru_utime) + nanoseconds(usage.ru_stime)
}

/// Where the threads leave the result of their work outside the lock, so that the optimizer keeps that work.
let outsideWorkResult = RxAtomic<Int>(0)

/// `iterations * lockRoundTripsPerIteration` round trips on one lock, split evenly among `threads` threads that all start at once. Times only
/// the locking (`sectionClock`), and returns the counter, which must be that count. Between two round trips each
/// thread does `outsideWork` steps of arithmetic (an xorshift step, a dependent chain of about 1 ns), as a thread of an app
/// does its own work between two events.
nonisolated func lockRoundTrips<Counter: LockedCounter>(
    _ counter: Counter.Type, threads: Int, outsideWork: Int, _ iterations: Int, report: LockScenarioReport
) -> Int {
    let counter = Counter()
    let perThread = iterations * lockRoundTripsPerIteration / threads
    let parked = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for _ in 0..<threads {
        finished.enter()
        let thread = Thread {
            parked.signal()
            gate.wait()
            var work = 1
            for _ in 0..<perThread {
                counter.bump()
                for _ in 0..<outsideWork {  // xorshift: no closed form the optimizer could fold the loop into
                    work ^= work << 13
                    work ^= work >> 7
                    work ^= work << 17
                }
            }
            outsideWorkResult.store(work, ordering: .relaxed)
            finished.leave()
        }
        thread.start()
    }
    for _ in 0..<threads { parked.wait() }
    let cpuStart = processorNanoseconds()
    let start = nanoseconds()
    sectionClock.time {
        for _ in 0..<threads { gate.signal() }
        finished.wait()
    }
    report.record(
        roundTrips: perThread * threads, nanoseconds: nanoseconds() - start,
        cpuNanoseconds: processorNanoseconds() - cpuStart)
    return counter.value
}

/// The scenarios of one candidate: one per thread count with nothing but round trips, and at 2 and 32 threads with
/// work outside the lock (`Lock<Candidate>(<threads>,work)`: 64 steps, so the lock is taken a small part of the time
/// rather than all of it; a tenth as many round trips).
func lockScenarios<Counter: LockedCounter>(_ candidate: String, _ counter: Counter.Type) -> [Scenario] {
    let hammering = lockThreadCounts.map { threads in
        lockScenario("Lock\(candidate)(\(threads))", counter, threads: threads, outsideWork: 0)
    }
    let working = [2, 32].map { threads in
        lockScenario("Lock\(candidate)(\(threads),work)", counter, threads: threads, outsideWork: 64, scale: 10)
    }
    return hammering + working
}

func lockScenario<Counter: LockedCounter>(
    _ name: String, _ counter: Counter.Type, threads: Int, outsideWork: Int, scale: Int = 1
) -> Scenario {
    let report = LockScenarioReport()
    return Scenario(
        name: name, unit: "lock", units: { $0 * lockRoundTripsPerIteration },
        expectedChecksum: { $0 * lockRoundTripsPerIteration },
        body: { lockRoundTrips(counter, threads: threads, outsideWork: outsideWork, $0, report: report) },
        note: { report.note }, scale: { max(1, $0 / scale) }, timing: .section)
}

/// Every lock candidate at every thread count.
func allLockScenarios() -> [Scenario] {
    var scenarios = lockScenarios("RxLite", RxLiteLockCounter.self)
    #if os(Linux)
        scenarios += lockScenarios("Futex", FutexCounter<HundredPolls>.self)
        scenarios += lockScenarios("FutexNoSpin", FutexCounter<NoPolls>.self)
    #endif
    scenarios += lockScenarios("PthreadMutex", PthreadMutexCounter.self)
    scenarios += lockScenarios("SpinOnly", SpinOnlyCounter.self)
    return scenarios
}
