import RxLite
import RxLiteTest
import Testing

@testable import RxLiteUI

/// An object that holds a deallocation signal, as `rx.deallocated` makes one the associated object of its base.
private final class Owner {
    let signal = DeallocationSignal()
}

@Suite(.checksResources) struct DeallocationSignalReleasedTests {
    @Test func emitsOnceAndCompletesWhenItsOwnerIsDeallocated() {
        var owner: Owner? = Owner()
        var events: [String] = []
        let subscription = owner!.signal.released
            .subscribe(onNext: { events.append("deallocated") }, onCompleted: { events.append("|") })
        #expect(events.isEmpty)
        owner = nil
        #expect(events == ["deallocated", "|"])
        subscription.dispose()
    }

    @Test func aSubscriberAfterTheOwnerIsGoneGetsTheEventAndTheCompletion() {
        var owner: Owner? = Owner()
        let deallocated = owner!.signal.released
        owner = nil
        var events: [String] = []
        _ = deallocated.subscribe(onNext: { events.append("deallocated") }, onCompleted: { events.append("|") })
        #expect(events == ["deallocated", "|"])
    }

    @Test func subscribingDoesNotKeepTheOwnerAlive() {
        var owner: Owner? = Owner()
        weak let watched = owner
        let subscription = owner!.signal.released.subscribe()
        owner = nil
        #expect(watched == nil)
        subscription.dispose()
    }

    @Test func takeUntilDeallocatedEndsAnInfiniteSequence() {
        var owner: Owner? = Owner()
        let ticks = PublishSubject<Int>()
        var events: [String] = []
        let subscription = ticks.take(until: owner!.signal.released)
            .subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("|") })
        ticks.onNext(1)
        owner = nil
        ticks.onNext(2)
        #expect(events == ["1", "|"])
        subscription.dispose()
    }
}
