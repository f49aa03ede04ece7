import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct MaybeOperatorTests {
    let scheduler = TestScheduler()

    /// A maybe from a cold marble over `values`.
    func maybe(_ marbles: String) -> (TestableObservable<Int>, Maybe<Int>) {
        let source = scheduler.createColdObservable(marbles, values: ["a": 1, "b": 2])
        return (source, source.asMaybe())
    }

    @Test func subscribeUsesRxSwiftsLabels() {
        var outcomes: [String] = []
        let record = { (maybe: Maybe<Int>) in
            _ = maybe.subscribe(
                onSuccess: { outcomes.append("success(\($0))") }, onError: { outcomes.append("error(\($0))") },
                onCompleted: { outcomes.append("completed") }, onDisposed: { outcomes.append("disposed") })
        }
        record(.just(1))
        record(.empty())
        record(.error(TestError("x")))
        #expect(
            outcomes == [
                "success(1)", "disposed", "completed", "disposed", "error(TestError(x))", "disposed",
            ])
    }

    @Test func subscribeWithHoldsTheObjectWeakly() {
        final class Owner {
            var outcomes: [String] = []
        }
        let owner = Owner()
        Maybe.just(5).subscribe(with: owner, onSuccess: { $0.outcomes.append("success(\($1))") })
        Maybe<Int>.empty().subscribe(with: owner, onCompleted: { $0.outcomes.append("completed") })
        Maybe<Int>.error(TestError()).subscribe(with: owner, onError: { owner, _ in owner.outcomes.append("error") })
        #expect(owner.outcomes == ["success(5)", "completed", "error"])
        var gone: Owner? = Owner()
        var called = 0
        let subject = PublishSubject<Int>()
        let subscription = subject.asMaybe().subscribe(with: gone!, onSuccess: { _, _ in called += 1 })
        gone = nil
        subject.onNext(1)
        subject.onCompleted()
        #expect(called == 0)
        subscription.dispose()
    }

    @Test func doCallsItsClosures() {
        var calls: [String] = []
        let (_, source) = maybe("-(a|)")
        let res = scheduler.start {
            source.do(
                onNext: { calls.append("onNext(\($0))") }, afterNext: { calls.append("afterNext(\($0))") },
                onCompleted: { calls.append("onCompleted") }, afterCompleted: { calls.append("afterCompleted") },
                onSubscribe: { calls.append("onSubscribe") }, onDispose: { calls.append("onDispose") })
        }
        #expect(res.events == [.next(210, 1), .completed(210)])
        // The subscriber lets go of the subscription when the completion reaches it, before `afterCompleted`, as
        // with Observable's `do` (and RxSwift's).
        #expect(
            calls == [
                "onSubscribe", "onNext(1)", "afterNext(1)", "onCompleted", "onDispose", "afterCompleted",
            ])
    }

    @Test func filterCompactMapAndFlatMap() {
        let (_, source) = maybe("-(b|)")
        let res = scheduler.start {
            source.filter { $0 > 1 }.compactMap { $0 == 2 ? "two" : nil }.flatMap { Maybe.just($0 + "!") }
        }
        #expect(res.events == [.next(210, "two!"), .completed(210)])
        let filteredOut = TestScheduler().start { Maybe.just(1).filter { $0 > 1 } }
        #expect(filteredOut.events == [.completed(200)])
        let emptyInner = TestScheduler().start { Maybe.just(1).flatMap { _ in Maybe<Int>.empty() } }
        #expect(emptyInner.events == [.completed(200)])
        var selected = 0
        let emptyOuter = TestScheduler().start {
            Maybe<Int>.empty().flatMap { value -> Maybe<Int> in
                selected += 1
                return .just(value)
            }
        }
        #expect(emptyOuter.events == [.completed(200)])
        #expect(selected == 0)
    }

    @Test func ifEmptyDefaultMakesASingle() {
        let (_, empty) = maybe("--|")
        let res = scheduler.start { empty.ifEmpty(default: 9) }
        #expect(res.events == [.next(220, 9), .completed(220)])
        let full: Single<Int> = Maybe.just(1).ifEmpty(default: 9)
        #expect(TestScheduler().start { full }.events == [.next(200, 1), .completed(200)])
    }

    @Test func ifEmptySwitchesToAnotherMaybeOrSingleAfterReleasingTheEmptyOne() {
        let (empty, source) = maybe("--|")
        let (other, fallback) = maybe("-(b|)")
        let res = scheduler.start { source.ifEmpty(switchTo: fallback) }
        #expect(res.events == [.next(230, 2), .completed(230)])
        #expect(empty.subscriptions == [Subscription(200, 220)])
        #expect(other.subscriptions == [Subscription(220, 230)])
        let single: Single<Int> = Maybe<Int>.empty().ifEmpty(switchTo: Single.just(3))
        #expect(TestScheduler().start { single }.events == [.next(200, 3), .completed(200)])
        var subscribed = 0
        let unused = Single<Int>.deferred {
            subscribed += 1
            return .just(0)
        }
        let kept = TestScheduler().start { Maybe.just(1).ifEmpty(switchTo: unused) }
        #expect(kept.events == [.next(200, 1), .completed(200)])
        #expect(subscribed == 0)
    }

    @Test func ifEmptyPassesAnErrorAndStopsOnDispose() {
        let (_, failing) = maybe("-#")
        #expect(scheduler.start { failing.ifEmpty(default: 9) }.events == [.error(210, TestError())])
        let other = TestScheduler()
        let empty = other.createColdObservable("--|", values: [:] as [Character: Int]).asMaybe()
        let fallback = other.createColdObservable("-----(a|)", values: ["a": 1])
        let res = other.start(disposed: 230) { empty.ifEmpty(switchTo: fallback.asMaybe()) }
        #expect(res.events == [])
        #expect(fallback.subscriptions == [Subscription(220, 230)])
    }

    @Test func catchAndReturnRetryAndTimeout() {
        let (cold, failing) = maybe("-#")
        let res = scheduler.start { failing.retry(2).catchAndReturn(7) }
        #expect(res.events == [.next(220, 7), .completed(220)])
        #expect(cold.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
        let other = TestScheduler()
        let late = other.createColdObservable("-----|", values: [:] as [Character: Int]).asMaybe()
        let timedOut = other.start { late.timeout(.seconds(20), other: .just(3), scheduler: other) }
        #expect(timedOut.events == [.next(220, 3), .completed(220)])
    }

    @Test func justOnASchedulerAndTimer() {
        let just = scheduler.start { Maybe.just(4, scheduler: self.scheduler) }
        #expect(just.events == [.next(201, 4), .completed(202)])
        let other = TestScheduler()
        let timer = other.start { Maybe<Int>.timer(.seconds(10), scheduler: other) }
        #expect(timer.events == [.next(210, 0), .completed(210)])
    }
}
