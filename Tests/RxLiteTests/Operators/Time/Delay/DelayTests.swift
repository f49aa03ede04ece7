import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct DelayTests {
    @Test func shiftsElementsAndCompletionByTheDelay() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b---c|", values: letters)
        let res = scheduler.start { source.delay(.seconds(20), scheduler: scheduler) }
        #expect(res.events == .expected("^---a-b---c|"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func onAVirtualClockEventsDueTogetherArriveATickApart() {
        // As RxSwift's delay: each firing of the timer delivers one event and re-arms for the next, which, due now,
        // the test scheduler runs a tick later. (A real scheduler's firing delivers every due event.)
        let scheduler = TestScheduler()
        let res = scheduler.start { Observable.of(1, 2, 3).delay(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(211, 2), .next(212, 3), .completed(213)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func theSourceIsLetGoOfWhenItEndsNotWhenTheDelayedEndGoesOut() {
        // A source recording only the operator's own disposal: delay must not keep it for the 100 ticks.
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable([.next(300, 1), .completed(400)])
        let res = scheduler.start { source.delay(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(400, 1), .completed(500)])
        #expect(source.subscriptions == [Subscription(200, 400)])
    }

    @Test func errorGoesOutAtOnceAndDropsWaitingElements() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a#", values: letters)
        let res = scheduler.start { source.delay(.seconds(20), scheduler: scheduler) }
        #expect(res.events == .expected("^--#"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func elementsWaitingTogetherShareOneTimer() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        let subscription = subject.delay(.seconds(20), scheduler: scheduler).subscribe(observer)
        for tick in 0..<10 {
            scheduler.advanceTo(tick)
            subject.onNext(tick)
            #expect(scheduler.pendingCount == 1)
        }
        scheduler.advanceTo(25)
        #expect(observer.events == (0...5).map { Recorded.next(20 + $0, $0) })
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
        scheduler.start()
        #expect(observer.events.count == 6)
    }

    @Test func reentrantElementIsDelayedToo() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        var received: [Recorded<Event<Int>>] = []
        let subscription = subject.delay(.seconds(20), scheduler: scheduler).subscribe(onNext: { value in
            received.append(.next(scheduler.clock, value))
            if value < 3 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        scheduler.start()
        #expect(received == [.next(20, 1), .next(40, 2), .next(60, 3)])
        subscription.dispose()
    }
}
