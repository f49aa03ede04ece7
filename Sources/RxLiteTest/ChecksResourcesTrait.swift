import Dispatch
import Foundation
import RxLite
import Testing

/// A Swift Testing trait that fails a test whose RxLite objects outlive it (debug builds only; in release builds it
/// does nothing). When the count is not back at once, it yields for up to a second first, so that a thread which
/// resumed the test and is still releasing its objects is not reported as a leak. A failure lists the subscriptions
/// made during the test that are still live, with the place each was made (`Resources.liveSubscriptions()`):
///
/// ```
/// RxLite resources leaked: 3 live object(s) more than before timerStops()
/// RxLite: 1 live subscription
///   1 at MyAppTests/TimerTests.swift:12: subscribe(onNext:) of Int from timer
/// ```
///
/// ```swift
/// @Suite(.checksResources) struct MapTests { ... }
/// @Test(.checksResources) func timerStops() { ... }
/// @Test(.checksResources(.processWide)) func feedsASubjectFromAThreadOfItsOwn() { ... }
/// ```
///
/// **Parallel tests.** By default (``Attribution/perTest``) each test runs in a `ResourceScope` of its own, and the
/// check counts only the objects made in it, so checked tests run in parallel (plain `swift test`) and a leak is
/// reported against the test that made it. An object belongs to the test when it is made in the test's task or its
/// child tasks, or in an action that RxLite's schedulers (dispatch queues, the main scheduler, timers, operation
/// queues) or main-actor delivery run for work of the test. An object made on a thread RxLite did not schedule (a
/// `DispatchQueue.async` or `Thread` of the test's own, `DispatchQueue.concurrentPerform`'s other threads,
/// `Task.detached`, another library's callback) belongs to no test, and a per-test check does not see it. A test
/// that makes RxLite objects there should use ``Attribution/processWide``: it counts every object of the process,
/// and so runs alone (it waits for running checked tests to end, and the others wait for it). Set the environment
/// variable `RXLITE_REPORT_UNSCOPED=1` and run serially (`swift test --no-parallel`) to have each test that makes
/// such objects named.
///
/// Applied to a suite it covers each test (each case of a parameterized test) on its own; a test nested under two
/// checks is checked once, by the outer one, which counts process-wide when either asks for it.
public struct ChecksResourcesTrait: TestTrait, SuiteTrait, TestScoping {
    /// Which objects a check counts.
    public enum Attribution: Sendable, Equatable {
        /// The objects made by the test (in its `ResourceScope`); tests run in parallel.
        case perTest
        /// Every object of the process; the test runs alone among checked tests.
        case processWide
    }

    /// Which objects this check counts.
    public let attribution: Attribution

    /// Applies to every test in a suite.
    public var isRecursive: Bool { true }

    /// Runs `function` and expects the objects it counts (see ``attribution``) to be back at their starting number
    /// afterwards.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        #if DEBUG
            if ResourceCheckGate.isInside {
                try await function()
                return
            }
            let processWide =
                attribution == .processWide
                || test.traits.contains { ($0 as? ChecksResourcesTrait)?.attribution == .processWide }
            if processWide {
                await ResourceCheckGate.shared.acquireExclusive()
            } else {
                await ResourceCheckGate.shared.acquireShared()
            }
            let scope = processWide ? nil : ResourceScope(name: test.name)
            let count = { scope?.liveCount ?? Resources.processTotal }
            let before = count()
            let lastSubscriptionBefore = Resources.liveSubscriptions().last?.id ?? 0
            let unscopedBefore = Resources.unscopedCreations
            let outcome: Result<Void, any Error>
            do {
                try await ResourceCheckGate.$isInside.withValue(true) {
                    if let scope {
                        try await scope.run { try await function() }
                    } else {
                        try await function()
                    }
                }
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            var after = count()
            // A test resumed from another thread (a dispatch block, a Task) returns while that thread is still
            // unwinding and releasing what it held. Give it up to a second, yielding (never sleeping), before
            // calling it a leak: a real leak never comes back, so it still fails.
            let deadline = DispatchTime.now() + .seconds(1)
            while after != before && DispatchTime.now() < deadline {
                await Task.yield()
                after = count()
            }
            if !processWide, ProcessInfo.processInfo.environment["RXLITE_REPORT_UNSCOPED"] != nil {
                let unscoped = Resources.unscopedCreations - unscopedBefore
                if unscoped > 0 {
                    print("RxLite: \(test.name) made \(unscoped) object(s) outside its scope")
                }
            }
            await ResourceCheckGate.shared.release()
            if after != before {
                let subscriptions =
                    scope.map { Resources.liveSubscriptions(in: $0) }
                    ?? Resources.liveSubscriptions().filter { $0.id > lastSubscriptionBefore }
                let message = leakReport(
                    testName: test.name, leakedObjects: after - before, subscriptions: subscriptions)
                print(message)
                Issue.record(Comment(rawValue: message), sourceLocation: test.sourceLocation)
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
    /// Expects the RxLite objects each test made to be gone when it ends (see ``ChecksResourcesTrait``); tests
    /// run in parallel.
    public static var checksResources: Self { Self(attribution: .perTest) }

    /// Expects the RxLite objects that `attribution` counts to be back at their starting number after each test
    /// (see ``ChecksResourcesTrait``).
    public static func checksResources(_ attribution: ChecksResourcesTrait.Attribution) -> Self {
        Self(attribution: attribution)
    }
}

/// Orders resource-checked tests: per-test checks share it and run together; a process-wide check holds it alone.
/// First come, first served, so a waiting process-wide check is not starved by a stream of per-test ones.
actor ResourceCheckGate {
    static let shared = ResourceCheckGate()

    /// `true` inside a checked test, so that a nested check neither waits for itself nor counts twice.
    @TaskLocal static var isInside = false

    private var sharedHolders = 0
    private var isHeldExclusively = false
    private var waiters: [(exclusive: Bool, continuation: CheckedContinuation<Void, Never>)] = []

    /// Who holds the gate and how many wait, for tests.
    var state: (shared: Int, exclusive: Bool, waiting: Int) { (sharedHolders, isHeldExclusively, waiters.count) }

    func acquireShared() async {
        if !isHeldExclusively && waiters.isEmpty {
            sharedHolders += 1
            return
        }
        await withCheckedContinuation { waiters.append((false, $0)) }
    }

    func acquireExclusive() async {
        if !isHeldExclusively && sharedHolders == 0 && waiters.isEmpty {
            isHeldExclusively = true
            return
        }
        await withCheckedContinuation { waiters.append((true, $0)) }
    }

    func release() {
        if isHeldExclusively {
            isHeldExclusively = false
        } else {
            sharedHolders -= 1
        }
        // Hands the gate straight to the waiters next in line, so nobody can slip in between.
        while let next = waiters.first {
            if next.exclusive {
                guard sharedHolders == 0 && !isHeldExclusively else { return }
                isHeldExclusively = true
                waiters.removeFirst().continuation.resume()
                return
            }
            guard !isHeldExclusively else { return }
            sharedHolders += 1
            waiters.removeFirst().continuation.resume()
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
