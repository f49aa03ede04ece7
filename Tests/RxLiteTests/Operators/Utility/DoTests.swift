import RxLite
import Testing

@Suite(.checksResources) struct DoTests {
    @Test func callsEveryClosureInOrder() {
        expectNoLeaks {
            var calls: [String] = []
            let log = SeenLog<Int>()
            Observable.of(1, 2).do(
                onNext: { calls.append("onNext \($0)") }, afterNext: { calls.append("afterNext \($0)") },
                onCompleted: { calls.append("onCompleted") }, afterCompleted: { calls.append("afterCompleted") },
                onSubscribe: { calls.append("onSubscribe") }, onSubscribed: { calls.append("onSubscribed") },
                onDispose: { calls.append("onDispose") }
            ).subscribe { event in
                log.on(event)
                calls.append("observer \(Seen(event))")
            }
            // `of` emits from the current-thread trampoline, once subscribe has returned, as in RxSwift: so
            // `onSubscribed` comes first, and the end disposes (`onDispose`) before `afterCompleted`.
            #expect(
                calls == [
                    "onSubscribe", "onSubscribed",
                    "onNext 1", "observer next(1)", "afterNext 1",
                    "onNext 2", "observer next(2)", "afterNext 2",
                    "onCompleted", "observer completed", "onDispose", "afterCompleted",
                ])
            #expect(log.events == [.next(1), .next(2), .completed])
        }
    }

    @Test func errorClosuresSeeTheError() {
        expectNoLeaks {
            var calls: [String] = []
            let events = Observable<Int>.error(TestFailure.boom).do(
                onError: { calls.append("onError \($0)") }, afterError: { calls.append("afterError \($0)") }
            ).collect()
            #expect(events == [.error(.boom)])
            #expect(calls == ["onError boom", "afterError boom"])
        }
    }

    @Test func thrownErrorsReplaceOrFollowTheEvent() {
        expectNoLeaks {
            let onNextThrows = Observable.of(1, 2).do(onNext: { _ in throw TestFailure.other }).collect()
            #expect(onNextThrows == [.error(.other)])
            let afterNextThrows = Observable.of(1, 2).do(afterNext: { _ in throw TestFailure.other }).collect()
            #expect(afterNextThrows == [.next(1), .error(.other)])
            let onErrorThrows = Observable<Int>.error(TestFailure.boom).do(onError: { _ in throw TestFailure.other }
            )
            .collect()
            #expect(onErrorThrows == [.error(.other)])
            let onCompletedThrows = Observable.of(1).do(onCompleted: { throw TestFailure.other }).collect()
            #expect(onCompletedThrows == [.next(1), .error(.other)])
            let afterCompletedThrows = Observable.of(1).do(afterCompleted: { throw TestFailure.other }).collect()
            #expect(afterCompletedThrows == [.next(1), .completed])
        }
    }

    @Test func onDisposeRunsOnceOnDispose() {
        expectNoLeaks {
            var disposals = 0
            let result = eventsAroundDispose({ $0.do(onDispose: { disposals += 1 }) }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
            #expect(disposals == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            var afterNext: [Int] = []
            let result = eventsWhenObserverDisposesItself(
                { $0.do(afterNext: { afterNext.append($0) }) }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(afterNext == [1])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            var seen = 0
            let events = Observable.repeatElement(1).do(onNext: { _ in seen += 1 }).take(2).collect()
            #expect(events == [.next(1), .next(1), .completed])
            #expect(seen == 2)
        }
    }
}
