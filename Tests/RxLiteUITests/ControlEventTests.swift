import Foundation
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

// Main-actor tests: a control event subscribes on the main queue, at once when subscribed there.
@MainActor
@Suite(.checksResources) struct ControlEventTests {
    @Test func asInfallibleDeliversTheEventsAndEndsWithoutAnError() {
        let taps = PublishSubject<Int>()
        var events: [String] = []
        let subscription = ControlEvent(events: taps).asInfallible()
            .subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("|") })
        taps.onNext(1)
        taps.onNext(2)
        // A control event never fails; should its source fail anyway, the Infallible ends instead.
        taps.onError(TestError.boom)
        subscription.dispose()
        #expect(events == ["1", "2", "|"])
    }

    @Test func genericCodeReachesTheEventThroughControlEventType() {
        let taps = PublishSubject<Void>()
        var count = 0
        let subscription = countTaps(ControlEvent(events: taps)) { count = $0 }
        taps.onNext(())
        taps.onNext(())
        subscription.dispose()
        #expect(count == 2)
    }

    @Test func sendsNothingOnSubscription() {
        let taps = PublishSubject<Void>()
        var count = 0
        let subscription = ControlEvent(events: taps).subscribe(onNext: { count += 1 })
        #expect(count == 0)
        taps.onNext(())
        subscription.dispose()
        #expect(count == 1)
    }

    @Test(.checksResources(.processWide)) func subscribingOffTheMainQueueSubscribesTheEventsOnTheMainQueue() async {
        let baseline = Resources.total
        #expect(await Self.subscribedOnMainWhenSubscribedFromABackgroundThread())
        // The main queue releases each dispatched action's handle just after running it.
        await expectResourcesReturn(to: baseline)
    }

    /// Subscribes to a control event from a detached task; returns whether its source was subscribed to on the main
    /// queue. Everything it built is out of scope once it returns.
    nonisolated static func subscribedOnMainWhenSubscribedFromABackgroundThread() async -> Bool {
        let subscription = SingleAssignmentDisposable()
        let onMain = await withCheckedContinuation { (subscribed: CheckedContinuation<Bool, Never>) in
            Task.detached {
                let events = ControlEvent(
                    events: Observable<Void>.create { _ in
                        subscribed.resume(returning: MainScheduler.isOnMainQueue)
                        return Disposables.create()
                    })
                subscription.setDisposable(events.subscribe())
            }
        }
        subscription.dispose()
        return onMain
    }

    private func countTaps<Events: ControlEventType>(_ events: Events, _ report: @escaping (Int) -> Void)
        -> any Disposable
    {
        events.asControlEvent().asObservable().scan(0) { count, _ in count + 1 }.subscribe(onNext: report)
    }
}

private enum TestError: Error {
    case boom
}
