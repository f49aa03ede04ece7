import Dispatch
import RxLite
import Testing

/// A Swift Testing trait that fails a test whose RxLite objects outlive it: it reads `Resources.total` before the
/// test and expects the same value after (debug builds only; in release builds it does nothing). When the count is
/// not back at once, it yields for up to a second first, so that a thread which resumed the test and is still
/// releasing its objects is not reported as a leak. A failure lists the subscriptions made during the test that
/// are still live, with the place each was made (`Resources.liveSubscriptions()`):
///
/// ```
/// RxLite resources leaked: 3 live object(s) more than before timerStops()
/// RxLite: 1 live subscription
///   1 at MyAppTests/TimerTests.swift:12: subscribe(onNext:) of Int
/// ```
///
/// ```swift
/// @Suite(.checksResources) struct MapTests { ... }
/// @Test(.checksResources) func timerStops() { ... }
/// ```
///
/// `Resources.total` is one global counter, so a check is only meaningful while no other test creates or frees
/// RxLite objects. What was found on Swift 6.3.1 / Linux (SwiftPM puts every test target in one process):
/// - plain `swift test` runs Swift Testing tests in parallel, across suites and targets;
/// - `.serialized` only orders the tests of its own suite; tests of other suites keep running beside them;
/// - `swift test --no-parallel` does serialize Swift Testing tests (SwiftPM passes it on to the testing library).
///
/// So this trait serializes itself: every test under it takes one process-wide async lock for its duration (the
/// test's task suspends, no thread blocks), so checked tests never overlap one another. Tests without the trait
/// can still run beside a checked one; apply it to every suite that builds subscriptions, or run
/// `swift test --no-parallel`. Applied to a suite it covers each test (each case of a parameterized test) on its
/// own; a test nested under two checks is checked once, by the outer one.
public struct ChecksResourcesTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test in a suite.
    public var isRecursive: Bool { true }

    /// Runs `function` holding the resource-check lock, and expects `Resources.total` to be back at its starting
    /// value afterwards.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        #if DEBUG
            if ResourceCheckGate.isInside {
                try await function()
                return
            }
            await ResourceCheckGate.shared.acquire()
            let before = Resources.total
            let lastSubscriptionBefore = Resources.liveSubscriptions().last?.id ?? 0
            let outcome: Result<Void, any Error>
            do {
                try await ResourceCheckGate.$isInside.withValue(true) { try await function() }
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            var after = Resources.total
            // A test resumed from another thread (a dispatch block, a Task) returns while that thread is still
            // unwinding and releasing what it held. Give it up to a second, yielding (never sleeping), before
            // calling it a leak: a real leak never comes back, so it still fails.
            let deadline = DispatchTime.now() + .seconds(1)
            while after != before && DispatchTime.now() < deadline {
                await Task.yield()
                after = Resources.total
            }
            await ResourceCheckGate.shared.release()
            if after != before {
                let message = leakReport(
                    testName: test.name, leakedObjects: after - before,
                    subscriptions: Resources.liveSubscriptions().filter { $0.id > lastSubscriptionBefore })
                print(message)
                Issue.record(Comment(rawValue: message))
            }
            try outcome.get()
        #else
            try await function()
        #endif
    }
}

#if DEBUG
    /// What a failed check says: how many objects outlived `testName`, and the subscriptions made during it that are
    /// still live, grouped by the place they were made (``Resources/liveSubscriptionsReport(_:)``).
    package func leakReport(testName: String, leakedObjects: Int, subscriptions: [LiveSubscription]) -> String {
        var report = "RxLite resources leaked: \(leakedObjects) live object(s) more than before \(testName)"
        if subscriptions.isEmpty {
            report +=
                "; no subscription made during the test is live (look for a subject, relay or scheduled item kept)"
        } else {
            report += "\n" + Resources.liveSubscriptionsReport(subscriptions)
        }
        return report
    }
#endif

extension Trait where Self == ChecksResourcesTrait {
    /// Expects `Resources.total` to be the same after each test as before it (see ``ChecksResourcesTrait``).
    public static var checksResources: Self { Self() }
}

/// The process-wide lock that keeps resource-checked tests from overlapping.
actor ResourceCheckGate {
    static let shared = ResourceCheckGate()

    /// `true` inside a checked test, so that a nested check neither waits for itself nor counts twice.
    @TaskLocal static var isInside = false

    private var isHeld = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        if !isHeld {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        // Hands the lock straight to the next waiter, so nobody can slip in between.
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}

/// Waits, by yielding (never sleeping), until `Resources.total` is back at `baseline`, then expects it there.
///
/// For tests on real threads: a dispatch queue or a finished `Task` releases what it held a moment after the last
/// event is delivered, so a check right after the test's last `await` can run early. Gives up after 100,000 yields
/// and records the failure. Objects the test still holds count, so call it once they are out of scope (or add them
/// to `baseline`). In release builds, where there is no counter, it returns at once.
public func expectResourcesReturn(to baseline: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    #if DEBUG
        var attempts = 0
        while Resources.total != baseline && attempts < 100_000 {
            await Task.yield()
            attempts += 1
        }
        #expect(Resources.total == baseline, "RxLite objects outlived the test's work", sourceLocation: sourceLocation)
    #endif
}
