import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct ThrottleTests {
    /// Three frames of the default marble frame (10 ticks) at resolution 1.
    let window = RxTimeInterval.seconds(30)

    @Test func latestSendsTheLastElementOfEachWindowAtItsEnd() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b-c-----d--e|", values: letters)
        let res = scheduler.start { source.throttle(window, latest: true, scheduler: scheduler) }
        #expect(res.events == .expected("^-a--b--c---d--e|"))
        #expect(source.subscriptions == [Subscription(200, 350)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func withoutLatestElementsInsideTheWindowAreDropped() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b-c-----d--e|", values: letters)
        let res = scheduler.start { source.throttle(window, latest: false, scheduler: scheduler) }
        #expect(res.events == .expected("^-a---c-----d--e|"))
    }

    @Test(arguments: [true, false])
    func elementExactlyAtTheWindowEndGoesOutAtOnce(latest: Bool) {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a--b--c|", values: letters)
        let res = scheduler.start { source.throttle(window, latest: latest, scheduler: scheduler) }
        #expect(res.events == .expected("^-a--b--c|"))
    }

    @Test func boundaryElementReplacesTheWaitingOne() {
        // b waits for a's window end at 230; c arrives exactly then and goes out at once, as in RxSwift.
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-bc---|", values: letters)
        let res = scheduler.start { source.throttle(window, latest: true, scheduler: scheduler) }
        #expect(res.events == .expected("^-a--c---|"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func completionWaitsForTheWindowEndToSendTheWaitingElement() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-ab|", values: letters)
        let res = scheduler.start { source.throttle(window, scheduler: scheduler) }
        #expect(res.events == .expected("^-a--(b|)"))
        // The source is let go of when it ends, as RxTest records it (RxSwift's test_ThrottleTimeSpan_Completed).
        #expect(source.subscriptions == [Subscription(200, 230)])
    }

    @Test func completionWithNothingWaitingGoesOutAtOnce() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a|", values: letters)
        let res = scheduler.start { source.throttle(window, scheduler: scheduler) }
        #expect(res.events == .expected("^-a|"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test(arguments: [true, false])
    func errorGoesOutAtOnceAndDropsTheWaitingElement(latest: Bool) {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-ab#", values: letters)
        let res = scheduler.start { source.throttle(window, latest: latest, scheduler: scheduler) }
        #expect(res.events == .expected("^-a-#"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposeWhileATimerIsPendingCancelsIt() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<String>()
        let observer = scheduler.createObserver(String.self)
        let subscription = subject.throttle(window, scheduler: scheduler).subscribe(observer)
        subject.onNext("a")
        scheduler.advanceTo(10)
        subject.onNext("b")
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.start()
        subject.onNext("c")
        #expect(observer.events == [.next(0, "a")])
    }

    @Test func disposeAtTheDisposedTimeStopsDelivery() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-ab----c", values: letters)
        let res = scheduler.start(disposed: 225) { source.throttle(window, scheduler: scheduler) }
        #expect(res.events == .expected("^-a"))
        #expect(source.subscriptions == [Subscription(200, 225)])
    }

    @Test func reentrantElementFromTheObserverWaitsForTheNextWindow() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        var received: [Recorded<Event<Int>>] = []
        let subscription = subject.throttle(window, scheduler: scheduler).subscribe(onNext: { value in
            received.append(.next(scheduler.clock, value))
            if value < 3 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        scheduler.start()
        #expect(received == [.next(0, 1), .next(30, 2), .next(60, 3)])
        #expect(scheduler.pendingCount == 0)
        subscription.dispose()
    }

    @Test func reentrantEmissionIsDeliveredAfterTheCurrentOneNotInsideIt() {
        // A zero window lets every element out at once, so the observer's own element would nest without the
        // emitter's queue.
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        var depth = 0
        var maxDepth = 0
        var received: [Int] = []
        let subscription = subject.throttle(.seconds(0), scheduler: scheduler).subscribe(onNext: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(value)
            if value < 3 { subject.onNext(value + 1) }
            depth -= 1
        })
        subject.onNext(1)
        #expect(received == [1, 2, 3])
        #expect(maxDepth == 1)
        subscription.dispose()
    }

    @Test func aBurstInsideOneWindowArmsOneTimer() {
        let base = TestScheduler()
        let scheduler = CountingScheduler(base)
        let subject = PublishSubject<Int>()
        let observer = base.createObserver(Int.self)
        let subscription = subject.throttle(.seconds(100), scheduler: scheduler).subscribe(observer)
        for tick in 0..<50 {
            base.advanceTo(tick)
            for value in 0..<1_000 { subject.onNext(tick * 1_000 + value) }
        }
        base.start()
        #expect(observer.events == [.next(0, 0), .next(100, 49_999)])
        #expect(scheduler.timerCount == 1)
        subscription.dispose()
    }

    @Test func timerFiringEarlyIsReArmedNotDoubled() {
        // b waits for a's window (ends 30); c goes out on the boundary and opens a window to 60 while a's timer is
        // still armed (it is due at 30 but has not run yet); d waits in the new window, reusing that timer, which re-arms
        // once when it fires at 30.
        let base = TestScheduler()
        let scheduler = CountingScheduler(base)
        let subject = PublishSubject<String>()
        let observer = base.createObserver(String.self)
        let subscription = subject.throttle(window, scheduler: scheduler).subscribe(observer)
        subject.onNext("a")
        base.advanceTo(10)
        subject.onNext("b")
        base.advanceTo(29)
        base.sleep(1)
        subject.onNext("c")
        subject.onNext("d")
        base.start()
        #expect(observer.events == [.next(0, "a"), .next(30, "c"), .next(60, "d")])
        #expect(scheduler.timerCount == 2)
        subscription.dispose()
    }

    @Test func resolutionBelowOneSecond() {
        let scheduler = TestScheduler(resolution: 0.1)
        let source = scheduler.createHotObservable("^-a-b-c-----d--e|", values: letters)
        let res = scheduler.start { source.throttle(.seconds(3), scheduler: scheduler) }
        #expect(res.events == .expected("^-a--b--c---d--e|"))
    }
}
