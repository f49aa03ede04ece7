import RxLite
import RxLiteTest
import RxLiteUI
import Testing

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

    private func countTaps<Events: ControlEventType>(_ events: Events, _ report: @escaping (Int) -> Void)
        -> any Disposable
    {
        events.asControlEvent().asObservable().scan(0) { count, _ in count + 1 }.subscribe(onNext: report)
    }
}

private enum TestError: Error {
    case boom
}
