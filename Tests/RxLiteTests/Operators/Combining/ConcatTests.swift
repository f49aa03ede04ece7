import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct ConcatTests {
    @Test func emitsOneSequenceAfterTheOther() {
        expectNoLeaks {
            #expect(
                Observable.of(1, 2).concat(Observable.of(3)).collect() == [
                    .next(1), .next(2), .next(3), .completed,
                ])
            let array = Observable.concat([Observable.of(1), .empty(), .of(2, 3)]).collect()
            #expect(array == [.next(1), .next(2), .next(3), .completed])
            let variadic = Observable.concat(Observable.just(1), Observable.just(2)).collect()
            #expect(variadic == [.next(1), .next(2), .completed])
            #expect(Observable<Int>.concat([]).collect() == [.completed])
        }
    }

    @Test func subscribesTheNextSourceOnlyAfterTheOneBeforeCompletes() {
        expectNoLeaks {
            let first = ManualSource<Int>()
            let second = ManualSource<Int>()
            let log = SeenLog<Int>()
            first.observable.concat(second.observable).subscribe { log.on($0) }
            first.onNext(1)
            #expect(second.subscribeCount == 0)
            first.onCompleted()
            #expect(first.disposeCount == 1)
            #expect(second.subscribeCount == 1)
            second.onNext(2)
            second.onCompleted()
            #expect(log.events == [.next(1), .next(2), .completed])
            #expect(second.disposeCount == 1)
        }
    }

    @Test func anErrorEndsTheSequence() {
        expectNoLeaks {
            let second = ManualSource<Int>()
            let events = Observable.of(1).concat(Observable.error(TestFailure.boom)).concat(second.observable)
                .collect()
            #expect(events == [.next(1), .error(.boom)])
            #expect(second.subscribeCount == 0)
        }
    }

    @Test func everySubscriptionStartsAgain() {
        expectNoLeaks {
            let sequence = Observable.concat([Observable.just(1), .just(2)])
            #expect(sequence.collect() == [.next(1), .next(2), .completed])
            #expect(sequence.collect() == [.next(1), .next(2), .completed])
        }
    }

    @Test func manySynchronousSourcesDoNotGrowTheStack() {
        expectNoLeaks {
            var count = 0
            var completed = false
            Observable.concat((0..<100_000).map { Observable.just($0) }).subscribe(
                onNext: { _ in count += 1 }, onCompleted: { completed = true })
            #expect(count == 100_000)
            #expect(completed)
        }
    }

    @Test func anEndlessSequenceOfSourcesStopsWithTake() {
        expectNoLeaks {
            let sources = sequence(first: Observable.of(1, 2)) { $0 }
            let events = Observable.concat(sources).take(5).collect()
            #expect(events == [.next(1), .next(2), .next(1), .next(2), .next(1), .completed])
        }
    }

    @Test func disposeStopsDeliveryAndReleasesTheCurrentSource() {
        expectNoLeaks {
            let second = ManualSource<Int>()
            let result = eventsAroundDispose({ $0.concat(second.observable) }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
            #expect(second.subscribeCount == 0)

            let first = ManualSource<Int>()
            let log = SeenLog<Int>()
            let subscription = first.observable.concat(second.observable).subscribe { log.on($0) }
            first.onCompleted()
            second.onNext(1)
            subscription.dispose()
            second.onNext(2)
            #expect(log.events == [.next(1)])
            #expect(second.disposeCount == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself({ $0.concat(Observable.of(8, 9)) }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
            var subscription: (any Disposable)?
            let log = SeenLog<Int>()
            let second = ManualSource<Int>()
            let first = ManualSource<Int>()
            subscription = first.observable.concat(second.observable).subscribe { event in
                log.on(event)
                subscription?.dispose()
            }
            first.onCompleted()
            second.onNext(1)
            second.onNext(2)
            #expect(log.events == [.next(1)])
            #expect(second.disposeCount == 1)
            subscription = nil
        }
    }

    @Test func virtualTimeSubscribesTheSecondWhenTheFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable("-a-b|", values: ["a": 1, "b": 2])
        let second = scheduler.createColdObservable("--c|", values: ["c": 3])
        let result = scheduler.start { first.concat(second) }
        #expect(result.events == [.next(210, 1), .next(230, 2), .next(260, 3), .completed(270)])
        #expect(first.subscriptions == [Subscription(200, 240)])
        #expect(second.subscriptions == [Subscription(240, 270)])
    }

    @Test func virtualTimeDisposeMidStream() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable("-a|", values: ["a": 1])
        let second = scheduler.createColdObservable("--b--c|", values: ["b": 2, "c": 3])
        let result = scheduler.start(disposed: 250) { first.concat(second) }
        #expect(result.events == [.next(210, 1), .next(240, 2)])
        #expect(first.subscriptions == [Subscription(200, 220)])
        #expect(second.subscriptions == [Subscription(220, 250)])
    }
}
