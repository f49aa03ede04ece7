import Foundation
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct VirtualTimeSchedulerTests {
    @Test func historicalSchedulerRunsTimersInVirtualTime() {
        let scheduler = HistoricalScheduler()
        var seen: [(Int, TimeInterval)] = []
        let subscription = Observable<Int>.interval(.seconds(10), scheduler: scheduler).take(3)
            .subscribe(onNext: { seen.append(($0, scheduler.now.timeIntervalSince1970)) })
        scheduler.start()
        #expect(seen.map(\.0) == [0, 1, 2])
        #expect(seen.map(\.1) == [10, 20, 30])
        #expect(scheduler.clock == Date(timeIntervalSince1970: 30))
        subscription.dispose()
    }

    @Test func advanceToRunsWhatIsDueAndSleepOnlyMovesTheClock() {
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 100))
        var log: [String] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
            log.append("5")
            return Disposables.create()
        }
        let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(6)) { _ in
            log.append("6")
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
            log.append("20")
            return Disposables.create()
        }
        cancelled.dispose()
        scheduler.advanceTo(Date(timeIntervalSince1970: 110))
        #expect(log == ["5"])
        #expect(scheduler.clock == Date(timeIntervalSince1970: 110))
        scheduler.sleep(5)
        #expect(scheduler.clock == Date(timeIntervalSince1970: 115))
        #expect(log == ["5"])
        scheduler.start()
        #expect(log == ["5", "20"])
        #expect(scheduler.clock == Date(timeIntervalSince1970: 120))
    }

    @Test func sameTimeActionsRunInScheduleOrderAndStopEndsStart() {
        let scheduler = HistoricalScheduler()
        var log: [Int] = []
        for index in 0..<3 {
            _ = scheduler.schedule(()) { _ in
                log.append(index)
                if index == 1 { scheduler.stop() }
                return Disposables.create()
            }
        }
        scheduler.start()
        #expect(log == [0, 1])
        #expect(!scheduler.isEnabled)
        scheduler.start()
        #expect(log == [0, 1, 2])
    }
}
