import Dispatch
import RxLite
import Testing

@testable import RxLiteTest

@Suite(.checksResources)
struct ChecksResourcesTraitTests {
    @Test(.checksResources) func aCheckNestedUnderTheSuiteCheckDoesNotWaitForItself() {
        let scheduler = TestScheduler()
        #expect(scheduler.start { Observable.just(1) }.events == [.next(200, 1), .completed(200)])
    }

    /// The thread that resumes the test still holds a subject for a moment after the test returns: the check waits
    /// for it instead of reporting a leak (it did, now and then, for the async scheduler and driver tests).
    @Test func objectsReleasedJustAfterTheTestReturnsAreNotALeak() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let subject = PublishSubject<Int>()
            DispatchQueue.global().async {
                continuation.resume()
                // Keep the subject alive a little past the test's return (a real thread doing real work).
                let until = DispatchTime.now() + .milliseconds(50)
                while DispatchTime.now() < until { subject.onNext(1) }
            }
        }
    }

    @Test(arguments: 1...3) func eachParameterizedCaseIsCheckedOnItsOwn(count: Int) {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable<Int>.interval(.seconds(1), scheduler: scheduler).filter { $0 < count } }
        #expect(res.events.count == count)
        #expect(scheduler.pendingCount == 0)
    }

    #if DEBUG
        @Test func liveSubscriptionsAreCountedWhileTheTestRuns() {
            let before = Resources.total
            let scheduler = TestScheduler()
            let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler).subscribe()
            #expect(Resources.total > before)
            subscription.dispose()
        }
    #endif

    @Test func schedulingFromManyThreadsAtOnceLosesNothing() {
        let scheduler = TestScheduler()
        let ran = Box(0)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            scheduler.scheduleAt(index % 7) { ran.value += 1 }
        }
        #expect(scheduler.pendingCount == 200)
        scheduler.start()
        #expect(ran.value == 200)
        #expect(scheduler.clock == 6)
    }

    @Test func perTestChecksShareTheGateAndAProcessWideOneRunsAlone() async {
        let gate = ResourceCheckGate()
        func waitForWaiters(_ count: Int) async {
            var attempts = 0
            while await gate.state.waiting < count && attempts < 100_000 {
                await Task.yield()
                attempts += 1
            }
        }
        await gate.acquireShared()
        await gate.acquireShared()
        #expect(await gate.state == (2, false, 0))
        let processWide = Task { await gate.acquireExclusive() }
        await waitForWaiters(1)
        // A per-test check that comes after a waiting process-wide one waits behind it: first come, first served.
        let later = Task { await gate.acquireShared() }
        await waitForWaiters(2)
        #expect(await gate.state == (2, false, 2))
        await gate.release()
        #expect(await gate.state == (1, false, 2))
        await gate.release()
        await processWide.value
        #expect(await gate.state == (0, true, 1))
        await gate.release()
        await later.value
        #expect(await gate.state == (1, false, 0))
        await gate.release()
    }
}
