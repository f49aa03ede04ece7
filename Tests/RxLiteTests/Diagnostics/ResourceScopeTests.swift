import Dispatch
import RxLite
import RxLiteTest
import Testing

/// Objects counted per scope, so that checked tests can run in parallel (issue 27, item 3).
@Suite(.checksResources) struct ResourceScopeTests {
    #if DEBUG
        /// Holds what a scheduled action made, for the test to look at and let go of.
        final class Holder: @unchecked Sendable {
            var subject: PublishSubject<Int>?
        }

        @Test func eachTestRunsInAScopeOfItsOwn() {
            #expect(ResourceScope.current != nil)
        }

        @Test func objectsMadeInAnotherScopeDoNotCountInThisTestsTotal() {
            let before = Resources.total
            let other = ResourceScope(name: "another test")
            let subject = other.run { PublishSubject<Int>() }
            // Another test's object: it counts there, not here. (It counts in the process too, but the process-wide
            // total moves with every test running in parallel, so no bound on it can be asserted here.)
            #expect(Resources.total == before)
            #expect(other.liveCount == 1)
            let own = PublishSubject<Int>()
            #expect(Resources.total == before + 1)
            _ = (subject, own)
        }

        @Test func aLeakIsCountedInTheScopeThatMadeIt() {
            let leaky = ResourceScope(name: "leaky test")
            var kept: (any Disposable)?
            leaky.run {
                kept = PublishSubject<Int>().subscribe(onNext: { _ in })
            }
            #expect(leaky.liveCount > 0)
            let listed = Resources.liveSubscriptions(in: leaky)
            #expect(listed.count == 1)
            #expect(listed.first?.fileID == #fileID)
            kept?.dispose()
            kept = nil
            #expect(leaky.liveCount == 0)
        }

        @Test func whatAScheduledActionMakesBelongsToTheScopeThatScheduledIt() async {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "resource-scope-test")
            let scope = ResourceScope(name: "scheduling test")
            let holder = Holder()
            let ran = DispatchSemaphoreBox()
            scope.run {
                _ = scheduler.schedule(()) { _ in
                    holder.subject = PublishSubject<Int>()
                    ran.signal()
                    return Disposables.create()
                }
            }
            await ran.wait()
            await waitUntil { scope.liveCount == 1 }  // the scheduled item is released just after the action
            #expect(scope.liveCount == 1)
            holder.subject = nil
            #expect(scope.liveCount == 0)
        }

        @Test func whatATimersActionMakesBelongsToTheSubscriptionsScope() async {
            let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "resource-scope-timer")
            let scope = ResourceScope(name: "timer test")
            let holder = Holder()
            let fired = DispatchSemaphoreBox()
            var subscription: (any Disposable)? = scope.run {
                Observable<Int>.timer(.milliseconds(1), scheduler: scheduler)
                    .subscribe(onNext: { _ in
                        holder.subject = PublishSubject<Int>()  // made on the queue's thread, when the timer fires
                        fired.signal()
                    })
            }
            await fired.wait()
            let withSubject = scope.liveCount
            holder.subject = nil
            #expect(scope.liveCount == withSubject - 1)
            subscription?.dispose()
            subscription = nil
            await waitUntil { scope.liveCount == 0 }
            #expect(scope.liveCount == 0)
        }
    #endif
}
