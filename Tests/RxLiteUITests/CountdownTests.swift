import RxLite
import RxLiteTest
import RxLiteUI
import Testing

/// A countdown popup on a ``TaskSlot``: the task is an `Observable<Void>.create` around a timer, and start and
/// cancel are one line each.
private final class CountdownPopup {
    private let slot = TaskSlot()
    private let countDown = 3
    private let scheduler: any SchedulerType
    private(set) var label: String?  // stands in for a UILabel: non-nil while on screen

    init(scheduler: any SchedulerType) { self.scheduler = scheduler }

    func startTask() {
        slot.start(
            Observable<Void>.create { [unowned self] observer in
                label = ""
                let ticks = Observable<Int>.timer(.seconds(0), period: .seconds(1), scheduler: scheduler)
                    .take(countDown + 1)
                    .subscribe(
                        onNext: { [unowned self] in label = "\(countDown - $0)" },
                        onCompleted: { observer.onCompleted() })
                return Disposables.create { [unowned self] in
                    ticks.dispose()
                    label = nil
                }
            })
    }

    func cancelTask() { slot.cancel() }
}

@Suite(.checksResources) struct CountdownTests {
    @Test func theSeedsPopupInAFewLines() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let popup = CountdownPopup(scheduler: scheduler)
        popup.startTask()
        #expect(popup.label == "")
        scheduler.advanceTo(1)
        #expect(popup.label == "2")
        popup.startTask()  // restarts
        scheduler.advanceTo(2)
        #expect(popup.label == "2")
        popup.cancelTask()
        #expect(popup.label == nil)
        popup.startTask()
        scheduler.advanceTo(100)
        #expect(popup.label == nil)
        #expect(scheduler.pendingCount == 0)
    }

    /// Records `countdown.text` and `countdown.isRunning` on the test scheduler while `body` runs.
    private func record(
        _ scheduler: TestScheduler, _ countdown: Countdown, _ body: () -> Void
    ) -> (text: [Recorded<Event<String?>>], running: [Recorded<Event<Bool>>]) {
        let text = scheduler.createObserver(String?.self)
        let running = scheduler.createObserver(Bool.self)
        let subscriptions = SharingScheduler.mock(scheduler: scheduler) {
            [countdown.text.asObservable().subscribe(text), countdown.isRunning.asObservable().subscribe(running)]
        }
        body()
        subscriptions.forEach { $0.dispose() }
        return (text.events, running.events)
    }

    @Test func showsThreeTwoOneZeroOneSecondApartThenHides() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let countdown = Countdown(from: 3, scheduler: scheduler)
        let (text, running) = record(scheduler, countdown) {
            countdown.start()
            scheduler.advanceTo(100)
        }
        #expect(
            text == [
                .next(0, nil), .next(0, "3"), .next(1, "2"), .next(2, "1"), .next(3, "0"), .next(3, nil),
            ])
        #expect(running == [.next(0, false), .next(0, true), .next(3, false)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func cancelHidesAtOnceAndStopsEveryLaterEvent() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let countdown = Countdown(scheduler: scheduler)
        let (text, running) = record(scheduler, countdown) {
            countdown.start()
            scheduler.advanceTo(1)
            countdown.cancel()
            scheduler.advanceTo(100)
        }
        #expect(text == [.next(0, nil), .next(0, "3"), .next(1, "2"), .next(1, nil)])
        #expect(running == [.next(0, false), .next(0, true), .next(1, false)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func startingAgainRestartsFromTheTop() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let countdown = Countdown(scheduler: scheduler)
        let (text, running) = record(scheduler, countdown) {
            countdown.start()
            scheduler.advanceTo(2)
            countdown.start()
            scheduler.advanceTo(100)
        }
        #expect(
            text == [
                .next(0, nil), .next(0, "3"), .next(1, "2"), .next(2, "1"),
                .next(2, nil),  // the first run hides before the second begins
                .next(2, "3"), .next(3, "2"), .next(4, "1"), .next(5, "0"), .next(5, nil),
            ])
        #expect(running == [.next(0, false), .next(0, true), .next(5, false)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func customLabelsAndLength() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let countdown = Countdown(from: 1, scheduler: scheduler) { $0 == 0 ? "Go!" : "\($0)" }
        let (text, _) = record(scheduler, countdown) {
            countdown.start()
            scheduler.advanceTo(100)
        }
        #expect(text == [.next(0, nil), .next(0, "1"), .next(1, "Go!"), .next(1, nil)])
        #expect(countdown.count == 1)
    }
}
