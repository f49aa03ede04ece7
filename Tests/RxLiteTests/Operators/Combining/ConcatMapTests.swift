import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct ConcatMapTests {
    @Test func emitsInnerSequencesInOrder() {
        expectNoLeaks {
            let events = Observable.of(1, 2, 3).concatMap { Observable.of($0, $0 * 10) }.collect()
            #expect(events == [.next(1), .next(10), .next(2), .next(20), .next(3), .next(30), .completed])
        }
    }

    @Test func queuesElementsWhileAnInnerSequenceRuns() {
        expectNoLeaks {
            let outer = ManualSource<Int>()
            let inners = [1: ManualSource<String>(), 2: ManualSource<String>(), 3: ManualSource<String>()]
            let log = SeenLog<String>()
            outer.observable.concatMap { [unowned a = inners[1]!, unowned b = inners[2]!, unowned c = inners[3]!] in
                [a, b, c][$0 - 1].observable
            }.subscribe { log.on($0) }
            outer.onNext(1)
            outer.onNext(2)
            outer.onNext(3)
            #expect(inners[2]!.subscribeCount == 0)
            inners[1]!.onNext("a")
            inners[1]!.onCompleted()
            #expect(inners[1]!.disposeCount == 1)
            #expect(inners[2]!.subscribeCount == 1)
            inners[2]!.onNext("b")
            inners[2]!.onCompleted()
            inners[3]!.onNext("c")
            #expect(log.events == [.next("a"), .next("b"), .next("c")])
            inners[3]!.onCompleted()
            #expect(log.events.count == 3)
            outer.onCompleted()
            #expect(log.events == [.next("a"), .next("b"), .next("c"), .completed])
        }
    }

    @Test func completesAfterTheSourceAndTheLastInner() {
        expectNoLeaks {
            let outer = ManualSource<Int>()
            let inner = ManualSource<Int>()
            let log = SeenLog<Int>()
            outer.observable.concatMap { [unowned inner] _ in inner.observable }.subscribe { log.on($0) }
            outer.onNext(1)
            outer.onCompleted()
            #expect(outer.disposeCount == 1)
            #expect(log.events == [])
            inner.onNext(5)
            inner.onCompleted()
            #expect(log.events == [.next(5), .completed])
        }
    }

    @Test func errorsFromTheSourceInnersAndSelectorEndTheSequence() {
        expectNoLeaks {
            let outer = ManualSource<Int>()
            let inner = ManualSource<Int>()
            let log = SeenLog<Int>()
            outer.observable.concatMap { [unowned inner] _ in inner.observable }.subscribe { log.on($0) }
            outer.onNext(1)
            inner.onError(TestFailure.boom)
            #expect(log.events == [.error(.boom)])
            #expect(outer.disposeCount == 1)

            let sourceError = Observable<Int>.error(TestFailure.other).concatMap { Observable.just($0) }.collect()
            #expect(sourceError == [.error(.other)])

            let selectorError = Observable.of(1, 2).concatMap { value -> Observable<Int> in
                if value == 2 { throw TestFailure.boom }
                return .just(value)
            }.collect()
            #expect(selectorError == [.next(1), .error(.boom)])
        }
    }

    @Test func manySynchronousInnersDoNotGrowTheStack() {
        expectNoLeaks {
            var count = 0
            var completed = false
            Observable.range(start: 0, count: 100_000).concatMap { Observable.just($0) }.subscribe(
                onNext: { _ in count += 1 }, onCompleted: { completed = true })
            #expect(count == 100_000)
            #expect(completed)
        }
    }

    @Test func takeStopsAnEndlessSource() {
        expectNoLeaks {
            let events = Observable.repeatElement(1).concatMap { Observable.of($0, 2) }.take(3).collect()
            #expect(events == [.next(1), .next(2), .next(1), .completed])
        }
    }

    @Test func disposeStopsDelivery() {
        expectNoLeaks {
            let inner = ManualSource<Int>()
            let result = eventsAroundDispose(
                { $0.concatMap { [unowned inner] _ in inner.observable } }, before: [1, 2], after: [3])
            inner.onNext(9)
            #expect(result.events == [])
            #expect(result.sourceDisposals == 1)
            #expect(inner.disposeCount == 1)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let result = eventsWhenObserverDisposesItself(
                { $0.concatMap { Observable.of($0, $0) } }, elements: [1, 2])
            #expect(result.events == [.next(1)])
            #expect(result.sourceDisposals == 1)
        }
    }

    @Test(.checksResources(.processWide)) func innersOnAnotherThreadKeepOrder() {
        expectNoLeaks {
            let queue = DispatchQueue(label: "ConcatMapTests.inner")
            let done = DispatchSemaphore(value: 0)
            let log = UncheckedBox(SeenLog<Int>())
            Observable.range(start: 0, count: 200).concatMap { value in
                Observable<Int>.create { observer in
                    let transfer = UncheckedBox(observer)
                    queue.async {
                        transfer.value.onNext(value)
                        transfer.value.onCompleted()
                    }
                    return Disposables.create()
                }
            }.subscribe { event in
                log.value.on(event)
                if event.isStopEvent { done.signal() }
            }
            done.wait()
            // Let the queue finish the block that delivered the end before counting resources.
            queue.sync {}
            #expect(log.value.events == (0..<200).map { .next($0) } + [.completed])
        }
    }

    @Test func virtualTimeQueuesElementsUntilTheInnerCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let outer = scheduler.createHotObservable("^-x-y-----|", values: ["x": 1, "y": 2])
        let inners = [
            1: scheduler.createColdObservable("-a--b|", values: ["a": 10, "b": 11]),
            2: scheduler.createColdObservable("-a--b|", values: ["a": 20, "b": 21]),
        ]
        let result = scheduler.start { outer.concatMap { inners[$0]! } }
        #expect(
            result.events == [.next(220, 10), .next(250, 11), .next(270, 20), .next(300, 21), .completed(310)])
        #expect(outer.subscriptions == [Subscription(200, 290)])
        #expect(inners[1]!.subscriptions == [Subscription(210, 260)])
        #expect(inners[2]!.subscriptions == [Subscription(260, 310)])
    }

    @Test func theSelectorRunsWhenEachElementArrivesNotWhenItsTurnComes() {
        // As RxSwift (MergeLimitedSink maps on arrival): the second element's selector throws at 220, while the
        // first inner sequence still runs.
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable("^-ab---|", values: ["a": 1, "b": 2])
        let inner = scheduler.createColdObservable("-x---y|", values: ["x": 10, "y": 20])
        var mappedAt: [Int] = []
        let res = scheduler.start {
            source.concatMap { value -> Observable<Int> in
                mappedAt.append(scheduler.clock)
                if value == 2 { throw TestError("selector") }
                return inner.asObservable()
            }
        }
        #expect(mappedAt == [210, 220])
        #expect(res.events == [.error(220, TestError("selector"))])
        #expect(source.subscriptions == [Subscription(200, 220)])
        #expect(inner.subscriptions == [Subscription(210, 220)])
    }
}
