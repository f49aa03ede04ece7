import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources)
struct TakeForDurationTests {
    @Test func completesWhenTheTimePassesAndKeepsAnElementOnTheBoundary() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a-b-c-d-e-|", values: letters)
        let res = scheduler.start { source.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == .expected("^-a-b-(c|)"))
        #expect(source.subscriptions == [Subscription(200, 250)])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func sourceEndingFirstCancelsTheTimer() {
        let scheduler = TestScheduler()
        let source = scheduler.createHotObservable("^-a#", values: letters)
        let res = scheduler.start { source.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == .expected("^-a#"))
        #expect(scheduler.pendingCount == 0)
    }

    @Test func disposeCancelsTheTimer() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        let subscription = subject.take(for: .seconds(50), scheduler: scheduler).subscribe()
        #expect(scheduler.pendingCount == 1)
        subscription.dispose()
        #expect(scheduler.pendingCount == 0)
    }

    @Test func reentrantElementDuringTheCompletionTickIsNotDeliveredAfterIt() {
        let scheduler = TestScheduler()
        let subject = PublishSubject<Int>()
        var received: [Event<Int>] = []
        let subscription = subject.take(for: .seconds(10), scheduler: scheduler).subscribe { event in
            received.append(event)
            if case .next(let value) = event, value < 3 { subject.onNext(value + 1) }
        }
        subject.onNext(1)
        scheduler.start()
        #expect(received.map(\.debugDescription) == ["next(1)", "next(2)", "next(3)", "completed"])
        subscription.dispose()
    }
}
