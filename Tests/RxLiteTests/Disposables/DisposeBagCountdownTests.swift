import RxLite
import RxLiteTest
import Testing

/// A countdown popup as an app writes it without ``TaskSlot``: started with `Observable<Void>.create` around a
/// timer, cancelled by replacing the `DisposeBag` (its label replaced by a log, the test scheduler injected).
private final class CountdownPopup {
    private var disposeBag = DisposeBag()
    private let countDown = 3
    private let scheduler: TestScheduler
    /// What the label showed, and when: `"3"`, ..., and `"hide"` when it left the screen.
    private(set) var log: [Recorded<String>] = []
    /// How many times the `Disposables.create` cleanup ran.
    private(set) var cleanups = 0

    init(scheduler: TestScheduler) { self.scheduler = scheduler }

    func startTask() {
        cancelTask()
        let countDown = countDown
        let scheduler = scheduler
        Observable<Void>
            .create { [unowned self] observer in
                Observable<Int>.timer(.seconds(0), period: .seconds(1), scheduler: scheduler)
                    .take(countDown + 1)
                    .subscribe(
                        onNext: { timePassed in self.show("\(countDown - timePassed)") },
                        onCompleted: { observer.onCompleted() }
                    )
                    .disposed(by: self.disposeBag)
                return Disposables.create {
                    self.cleanups += 1
                    self.show("hide")
                }
            }
            .subscribe()
            .disposed(by: disposeBag)
    }

    func cancelTask() {
        disposeBag = DisposeBag()
    }

    private func show(_ text: String) { log.append(Recorded(time: scheduler.clock, value: text)) }
}

private func shown(_ time: TestTime, _ text: String) -> Recorded<String> { Recorded(time: time, value: text) }

@Suite(.checksResources) struct DisposeBagCountdownTests {
    @Test func countsDownThreeTwoOneZeroThenCompletesAndCleansUpOnce() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let popup = CountdownPopup(scheduler: scheduler)
        popup.startTask()
        scheduler.start()
        #expect(popup.log == [shown(0, "3"), shown(1, "2"), shown(2, "1"), shown(3, "0"), shown(3, "hide")])
        #expect(popup.cleanups == 1)
        #expect(scheduler.pendingCount == 0)
    }

    @Test(arguments: [0, 1, 2])
    func cancellingStopsEveryLaterEventAndCleansUpOnce(at time: TestTime) {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let popup = CountdownPopup(scheduler: scheduler)
        popup.startTask()
        scheduler.advanceTo(time)
        popup.cancelTask()
        popup.cancelTask()
        scheduler.advanceTo(100)
        let counted = (0...time).map { shown($0, "\(3 - $0)") }
        #expect(popup.log == counted + [shown(time, "hide")])
        #expect(popup.cleanups == 1)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func startingAgainCancelsTheFirstBeforeTheSecondBegins() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let popup = CountdownPopup(scheduler: scheduler)
        popup.startTask()
        scheduler.advanceTo(1)
        popup.startTask()
        #expect(scheduler.pendingCount == 1, "the first timer is gone, the second is waiting")
        scheduler.advanceTo(100)
        #expect(
            popup.log == [
                shown(0, "3"), shown(1, "2"),
                shown(1, "hide"),  // the first run's cleanup, before the second run shows anything
                shown(1, "3"), shown(2, "2"), shown(3, "1"), shown(4, "0"), shown(4, "hide"),
            ])
        #expect(popup.cleanups == 2)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func cancelAfterCompletionDoesNotCleanUpAgain() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let popup = CountdownPopup(scheduler: scheduler)
        popup.startTask()
        scheduler.start()
        popup.cancelTask()
        #expect(popup.cleanups == 1)
    }
}
