import RxLite
import RxLiteTest
import Testing

/// A resource that runs `onDispose` when disposed.
final class TrackedResource: Disposable {
    let onDispose: () -> Void
    init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
    func dispose() { onDispose() }
}

@Suite(.checksResources) struct UsingTests {
    @Test func disposesTheResourceWhenTheSubscriptionEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createColdObservable([.next(10, 1), .completed(30)])
        var order: [String] = []
        let result = scheduler.start {
            Observable.using(
                {
                    order.append("made")
                    return TrackedResource { order.append("resource disposed") }
                },
                observableFactory: { (_: TrackedResource) in
                    source.asObservable().do(onDispose: { order.append("source disposed") })
                })
        }
        #expect(result.events == [.next(210, 1), .completed(230)])
        #expect(order == ["made", "source disposed", "resource disposed"])
    }

    @Test func factoryErrorsAreEmittedAndTheResourceStillDisposed() {
        var disposed = 0
        let log = EventLog<Int>()
        Observable<Int>.using(
            { TrackedResource { disposed += 1 } }, observableFactory: { _ in throw TestError() }
        ).subscribe(log)
        #expect(log.events.map(\.summary) == ["error(\(TestError()))"])
        #expect(disposed == 1)
        let failing = EventLog<Int>()
        Observable<Int>.using(
            { () throws -> BooleanDisposable in throw TestError() }, observableFactory: { _ in .just(1) }
        )
        .subscribe(failing)
        #expect(failing.events.count == 1)
    }

    @Test func disposalDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: Int?
        _ = scheduler.start(disposed: 250) {
            Observable<Int>.using(
                { TrackedResource { disposedAt = scheduler.clock } }, observableFactory: { _ in .never() })
        }
        #expect(disposedAt == 250)
    }
}
