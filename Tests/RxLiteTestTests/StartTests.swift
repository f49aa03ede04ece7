import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct StartTests {
    @Test func defaultsCreateAt100SubscribeAt200DisposeAt1000() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(1000, 3), .next(1010, 4)])
        var createdAt: TestTime?
        let res = scheduler.start { () -> Observable<Int> in
            createdAt = scheduler.clock
            return xs.map { $0 * 10 }
        }
        #expect(createdAt == 100)
        // The hot event at 1000 was scheduled before `start` scheduled the dispose at 1000, so it still arrives.
        #expect(res.events == [.next(210, 20), .next(1000, 30)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(TestScheduler.Defaults.created == 100)
        #expect(TestScheduler.Defaults.subscribed == 200)
        #expect(TestScheduler.Defaults.disposed == 1000)
    }

    @Test func startWithDisposedTime() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3)])
        let res = scheduler.start(disposed: 250) { xs }
        #expect(res.events == [.next(210, 1), .next(240, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func startWithAllTimes() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable([.next(5, "a"), .next(15, "b")])
        var createdAt: TestTime?
        let res = scheduler.start(created: 10, subscribed: 20, disposed: 30) { () -> TestableObservable<String> in
            createdAt = scheduler.clock
            return xs
        }
        #expect(createdAt == 10)
        #expect(res.events == [.next(25, "a")])
        #expect(xs.subscriptions == [Subscription(20, 30)])
    }

    @Test func synchronousSourceEmitsAtTheSubscriptionTick() {
        #expect(TestScheduler().start { Observable.just(1) }.events == [.next(200, 1), .completed(200)])
        #expect(
            TestScheduler().start { Observable.of(1, 2).map { $0 + 1 } }.events
                == [.next(200, 2), .next(200, 3), .completed(200)])
    }

    @Test func errorsAreRecorded() {
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable<Int>.error(TestError("boom")) }
        #expect(res.events == [.error(200, TestError("boom"))])
    }

    @Test func createdObserverRecordsWithTheClock() {
        let scheduler = TestScheduler()
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(30) { observer.onNext(1) }
        scheduler.scheduleAt(40) { observer.onCompleted() }
        scheduler.start()
        #expect(observer.events == [.next(30, 1), .completed(40)])
    }

    @Test func theObservableIsMadeAtTheCreatedTime() {
        // RxTest calls `asObservable()` on what `create` returns when it creates it, not when it subscribes.
        struct Recording: ObservableConvertibleType {
            let scheduler: TestScheduler
            let madeAt: (TestTime) -> Void
            func asObservable() -> Observable<Int> {
                madeAt(scheduler.clock)
                return Observable.just(1)
            }
        }
        let scheduler = TestScheduler()
        var madeAt: [TestTime] = []
        let res = scheduler.start { Recording(scheduler: scheduler) { madeAt.append($0) } }
        #expect(madeAt == [100])
        #expect(res.events == [.next(200, 1), .completed(200)])
    }
}
