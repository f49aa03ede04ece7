import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct TimeoutTests {
    @Test func failsWhenNoElementArrivesInTime() {
        // b arrives exactly at a's deadline (240) and counts as in time.
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a--b-----c|", values: letters)
        let res = scheduler.start { source.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == .expected("^-a--b--#").map { $0.withError(RxError.timeout) })
        #expect(source.subscriptions == [Subscription(200, 270)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func switchesToTheFallbackAndReleasesTheSource() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a--b-----c|", values: letters)
        let other = scheduler.createColdObservable("(xy|)", values: letters)
        let res = scheduler.start { source.timeout(.seconds(30), other: other, scheduler: scheduler) }
        #expect(res.events == .expected("^-a--b--(xy|)"))
        #expect(source.subscriptions == [Subscription(200, 270)])
        #expect(other.subscriptions == [Subscription(270, 270)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func sourceEndingInTimeCancelsTheTimer() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b|", values: letters)
        let res = scheduler.start { source.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == .expected("^-a-b|"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func errorWhileWaitingGoesOutAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a#", values: letters)
        let res = scheduler.start { source.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == .expected("^-a#"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func elementsMoveOneDeadlineInsteadOfSchedulingTimers() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.timeout(.seconds(30), scheduler: scheduler).subscribe(observer)
        for tick in 0..<100 {
            scheduler.advanceTo(tick)
            subject.onNext(tick)
            #expect(scheduler.pendingCount == 1)
        }
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
        #expect(observer.events.count == 100)
    }
}

extension Recorded where Value == Event<String> {
    /// The same record with a `#` turned into `error`.
    func withError(_ error: any Error) -> Self {
        if case .error = value { return Recorded(time: time, value: .error(error)) }
        return self
    }
}
