import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct CompletableOperatorTests {
    let scheduler = TestScheduler()

    /// A completable from a cold marble (`|` or `#`).
    func completable(_ marbles: String, error: any Error = TestError()) -> (TestableObservable<Never>, Completable) {
        let source = scheduler.createColdObservable(marbles, values: [Character: Never](), error: error)
        return (source, source.asCompletable())
    }

    @Test func doCallsItsClosures() {
        var calls: [String] = []
        let (_, source) = completable("-|")
        let res = scheduler.start {
            source.do(
                onCompleted: { calls.append("onCompleted") }, afterCompleted: { calls.append("afterCompleted") },
                onSubscribe: { calls.append("onSubscribe") }, onSubscribed: { calls.append("onSubscribed") },
                onDispose: { calls.append("onDispose") })
        }
        #expect(res.events == [.completed(210)])
        // The subscriber lets go of the subscription when the completion reaches it, before `afterCompleted`.
        #expect(calls == ["onSubscribe", "onSubscribed", "onCompleted", "onDispose", "afterCompleted"])
        let thrown = TestScheduler().start { Completable.empty().do(onCompleted: { throw TestError("do") }) }
        #expect(thrown.events == [.error(200, TestError("do"))])
        var errors = 0
        let failed = TestScheduler().start { Completable.error(TestError()).do(onError: { _ in errors += 1 }) }
        #expect(failed.events == [.error(200, TestError())])
        #expect(errors == 1)
    }

    @Test func concatRunsOneAfterAnother() {
        let (first, a) = completable("-|")
        let (second, b) = completable("--|")
        let (third, c) = completable("-|")
        let res = scheduler.start { a.concat(b).concat(c) }
        #expect(res.events == [.completed(240)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(210, 230)])
        #expect(third.subscriptions == [Subscription(230, 240)])
    }

    @Test func staticConcatOverVariadicCollectionAndSequence() {
        var order: [Int] = []
        let step = { (index: Int) in
            Completable.deferred {
                order.append(index)
                return .empty()
            }
        }
        #expect(TestScheduler().start { Completable.concat(step(1), step(2)) }.events == [.completed(200)])
        #expect(TestScheduler().start { Completable.concat([step(3), step(4)]) }.events == [.completed(200)])
        #expect(
            TestScheduler().start { Completable.concat((5...6).lazy.map { step($0) }) }.events == [.completed(200)])
        #expect(order == [1, 2, 3, 4, 5, 6])
    }

    @Test func concatStopsAtAnError() {
        let (_, failing) = completable("-#")
        let (never, next) = completable("-|")
        let res = scheduler.start { Completable.concat(failing, next) }
        #expect(res.events == [.error(210, TestError())])
        #expect(never.subscriptions == [])
    }

    @Test func zipRunsAllAtOnceAndCompletesWhenAllHave() {
        let (first, a) = completable("-|")
        let (second, b) = completable("---|")
        let res = scheduler.start { Completable.zip(a, b) }
        #expect(res.events == [.completed(230)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(200, 230)])
        #expect(TestScheduler().start { Completable.zip([Completable]()) }.events == [.completed(200)])
        let array: [Completable] = [.empty(), .empty()]
        #expect(TestScheduler().start { Completable.zip(array) }.events == [.completed(200)])
        #expect(TestScheduler().start { Completable.zip(array[...]) }.events == [.completed(200)])
    }

    @Test func zipFailsAtOnceAndReleasesTheOthers() {
        let (slow, a) = completable("-----|")
        let (_, b) = completable("-#")
        let res = scheduler.start { Completable.zip(a, b) }
        #expect(res.events == [.error(210, TestError())])
        #expect(slow.subscriptions == [Subscription(200, 210)])
    }

    @Test func andThenMaybeAndObservable() {
        let (first, a) = completable("-|")
        let res = scheduler.start { a.andThen(Maybe.just(1)) }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        let observable = TestScheduler().start { Completable.empty().andThen(Observable.of(1, 2)) }
        #expect(observable.events == [.next(200, 1), .next(200, 2), .completed(200)])
        let failed = TestScheduler().start { Completable.error(TestError()).andThen(Observable.of(1, 2)) }
        #expect(failed.events == [.error(200, TestError())])
    }

    @Test func subscribeWithHoldsTheObjectWeakly() {
        final class Owner {
            var outcomes: [String] = []
        }
        let owner = Owner()
        Completable.empty().subscribe(with: owner, onCompleted: { $0.outcomes.append("completed") })
        Completable.error(TestError()).subscribe(with: owner, onError: { owner, _ in owner.outcomes.append("error") })
        Completable.empty().subscribe(with: owner, onDisposed: { $0.outcomes.append("disposed") })
        #expect(owner.outcomes == ["completed", "error", "disposed"])
    }

    @Test func catchRetryAndTimeout() {
        let (cold, failing) = completable("-#")
        let res = scheduler.start { failing.retry(2).catch { _ in .empty() } }
        #expect(res.events == [.completed(220)])
        #expect(cold.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
        let other = TestScheduler()
        let late = other.createColdObservable("-----|", values: [Character: Never]()).asCompletable()
        let timedOut = other.start { late.timeout(.seconds(20), scheduler: other) }
        #expect(timedOut.events == [.error(220, RxError.timeout)])
    }
}
