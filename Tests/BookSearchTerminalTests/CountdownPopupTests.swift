import BookSearchTerminal
import RxLite
import RxLiteTest
import RxLiteUI
import Testing

/// The countdown popup in virtual time: "Done" is shown for the hold before the popup closes; a cancel closes it
/// at once; a start during the hold takes over.
@Suite(.checksResources) struct CountdownPopupTextTests {
    private func record(
        _ scheduler: TestScheduler, _ countdown: Countdown, hold: RxTimeInterval = .seconds(1), _ body: () -> Void
    ) -> [Recorded<Event<String?>>] {
        let observer = scheduler.createObserver(String?.self)
        let subscription = SharingScheduler.mock(scheduler: scheduler) {
            CountdownPopup.texts(countdown.text.asObservable(), hold: hold, scheduler: scheduler)
                .subscribe(observer)
        }
        body()
        subscription.dispose()
        return observer.events
    }

    @Test func doneIsShownBeforeThePopupCloses() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let countdown = Countdown(from: 3, scheduler: scheduler, label: CountdownPopup.label)
        let events = record(scheduler, countdown) {
            countdown.start()
            scheduler.advanceTo(100)
        }
        #expect(
            events == [.next(0, nil), .next(0, "3"), .next(1, "2"), .next(2, "1"), .next(3, "Done"), .next(4, nil)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func aCancelClosesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let countdown = Countdown(from: 3, scheduler: scheduler, label: CountdownPopup.label)
        let events = record(scheduler, countdown) {
            countdown.start()
            scheduler.advanceTo(1)
            countdown.cancel()
            scheduler.advanceTo(100)
        }
        #expect(events == [.next(0, nil), .next(0, "3"), .next(1, "2"), .next(1, nil)])
    }

    @Test func aStartDuringTheHoldTakesOver() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let countdown = Countdown(from: 1, scheduler: scheduler, label: CountdownPopup.label)
        let events = record(scheduler, countdown, hold: .seconds(3)) {
            countdown.start()
            scheduler.scheduleAt(2) { countdown.start() }  // "Done" was shown at 1; the close is pending until 4
            scheduler.advanceTo(100)
        }
        #expect(
            events == [
                .next(0, nil), .next(0, "1"), .next(1, "Done"), .next(2, "1"), .next(3, "Done"), .next(6, nil),
            ])
    }
}
