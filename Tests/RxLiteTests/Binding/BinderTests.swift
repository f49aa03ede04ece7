import RxLite
import RxLiteTest
import Testing

/// A stand-in for a view: a class whose property a binder sets.
private final class FakeLabel {
    var text: String?
    var updates = 0
}

@Suite(.checksResources) struct BinderTests {
    @Test func appliesElementsOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let label = FakeLabel()
        let binder = Binder<String?>(label, scheduler: scheduler) { label, text in
            label.text = text
            label.updates += 1
        }
        binder.onNext("a")
        // Not applied until the scheduler runs it.
        #expect(label.text == nil)
        scheduler.start()
        #expect(label.text == "a")
        binder.onCompleted()
        binder.onNext("b")
        scheduler.start()
        // Completion is ignored: a binder has no end of its own.
        #expect(label.text == "b")
        #expect(label.updates == 2)
    }

    @Test func dropsValuesAfterItsTargetIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var label: FakeLabel? = FakeLabel()
        weak let weakLabel = label
        var applied = 0
        let binder = Binder<String>(label!, scheduler: scheduler) { label, text in
            label.text = text
            applied += 1
        }
        binder.onNext("a")
        scheduler.start()
        #expect(applied == 1)
        // The binder holds the label weakly: releasing the last strong reference deallocates it.
        label = nil
        #expect(weakLabel == nil)
        binder.onNext("b")
        scheduler.start()
        #expect(applied == 1)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func dropsAValueWhoseTargetWentAwayBeforeDelivery() {
        let scheduler = TestScheduler(initialClock: 0)
        var label: FakeLabel? = FakeLabel()
        var applied = 0
        let binder = Binder<String>(label!, scheduler: scheduler) { _, _ in applied += 1 }
        binder.onNext("a")
        label = nil
        scheduler.start()
        #expect(applied == 0)
    }

    @MainActor
    @Test func theMainSchedulerAppliesAtOnceOnTheMainActor() {
        let label = FakeLabel()
        let binder = Binder<String?>(label) { label, text in label.text = text }
        binder.onNext("now")
        #expect(label.text == "now")
    }

    @Test func crashesOnAnErrorInDebugBuilds() async {
        #if DEBUG
            await #expect(processExitsWith: .failure) {
                final class Target {}
                let target = Target()
                let binder = Binder<Int>(target) { _, _ in }
                binder.onError(TestError("a binding must not fail"))
            }
        #endif
    }
}
