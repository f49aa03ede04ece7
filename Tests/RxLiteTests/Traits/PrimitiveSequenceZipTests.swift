import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct PrimitiveSequenceZipTests {
    let scheduler = TestScheduler()

    func single(_ element: Int, afterFrames frames: Int) -> (TestableObservable<Int>, Single<Int>) {
        let source = scheduler.createColdObservable(
            String(repeating: "-", count: frames) + "(a|)", values: ["a": element])
        return (source, source.asSingle())
    }

    @Test func zipOfTwoWaitsForBothAndInfersTheTupleType() {
        let (_, first) = single(1, afterFrames: 1)
        let (_, second) = single(2, afterFrames: 3)
        let res = scheduler.start { Single.zip(first, second).map { "\($0.0)-\($0.1)" } }
        #expect(res.events == [.next(230, "1-2"), .completed(230)])
    }

    @Test func zipOfEightWithAResultSelector() {
        let sources = (1...8).map { single($0, afterFrames: $0) }
        let s = sources.map(\.1)
        let res = scheduler.start {
            Single.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        }
        #expect(res.events == [.next(280, 36), .completed(280)])
        let tuple = TestScheduler().start {
            Single.zip(.just(1), .just("b"), .just(3), .just(4), .just(5))
                .map { "\($0.0)\($0.1)\($0.2)\($0.3)\($0.4)" }
        }
        #expect(tuple.events == [.next(200, "1b345"), .completed(200)])
    }

    @Test func zipFailsAtOnceAndReleasesTheOthers() {
        let (slow, first) = single(1, afterFrames: 5)
        let failing = scheduler.createColdObservable("--#", values: [:] as [Character: Int]).asSingle()
        let res = scheduler.start { Single.zip(first, failing) { $0 + $1 } }
        #expect(res.events == [.error(220, TestError())])
        #expect(slow.subscriptions == [Subscription(200, 220)])
    }

    @Test func zipOfAResultSelectorThatThrows() {
        let res = scheduler.start {
            Single.zip(Single.just(1), Single.just(2)) { _, _ -> Int in throw TestError("zip") }
        }
        #expect(res.events == [.error(200, TestError("zip"))])
    }

    @Test func zipDisposedBeforeTheOutcome() {
        let (first, a) = single(1, afterFrames: 10)
        let (second, b) = single(2, afterFrames: 20)
        let res = scheduler.start(disposed: 250) { Single.zip(a, b) { $0 + $1 } }
        #expect(res.events == [])
        #expect(first.subscriptions == [Subscription(200, 250)])
        #expect(second.subscriptions == [Subscription(200, 250)])
    }

    @Test func zipOfACollection() {
        let sources = [single(3, afterFrames: 3), single(1, afterFrames: 1), single(2, afterFrames: 2)].map(\.1)
        let res = scheduler.start { Single.zip(sources) }
        #expect(res.events == [.next(230, [3, 1, 2]), .completed(230)])
        let summed = TestScheduler().start { Single.zip([Single.just(1), .just(2)]) { $0.reduce(0, +) } }
        #expect(summed.events == [.next(200, 3), .completed(200)])
    }

    @Test func zipOfAnEmptyCollectionSucceedsAtOnce() {
        let res = scheduler.start { Single.zip([Single<Int>]()) }
        #expect(res.events == [.next(200, []), .completed(200)])
        let selected = TestScheduler().start { Single.zip([Single<Int>]()) { $0.count + 10 } }
        #expect(selected.events == [.next(200, 10), .completed(200)])
    }

    @Test func maybeZipCompletesEmptyWhenOneIsEmpty() {
        let pair = scheduler.start { Maybe.zip(Maybe.just(1), Maybe<Int>.empty()) { $0 + $1 } }
        #expect(pair.events == [.completed(200)])
        let tuple = TestScheduler().start { Maybe.zip(Maybe.just(1), Maybe.just("a")).map { "\($0.0)\($0.1)" } }
        #expect(tuple.events == [.next(200, "1a"), .completed(200)])
        let collection = TestScheduler().start { Maybe.zip([Maybe.just(1), .just(2)]) }
        #expect(collection.events == [.next(200, [1, 2]), .completed(200)])
        let emptyCollection = TestScheduler().start { Maybe.zip([Maybe<Int>]()) }
        #expect(emptyCollection.events == [.next(200, []), .completed(200)])
    }
}
