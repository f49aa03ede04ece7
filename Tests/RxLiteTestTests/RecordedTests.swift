import RxLite
import RxLiteTest
import Testing

/// An error that is not `Equatable`: compared by type and description.
private struct PlainError: Error {
    let code: Int
}

/// Another error type with the same description as a `PlainError`.
private struct OtherPlainError: Error, CustomStringConvertible {
    let code: Int
    var description: String { "PlainError(code: \(code))" }
}

@Suite(.checksResources)
struct RecordedTests {
    @Test func recordedEventsCompareByTimeAndEvent() {
        let events: [Recorded<Event<Int>>] = [.next(10, 1), .completed(20)]
        #expect(events == Recorded.events(.next(10, 1), .completed(20)))
        #expect(events != [.next(11, 1), .completed(20)])
        #expect(events != [.next(10, 2), .completed(20)])
        #expect(events != [.next(10, 1), .error(20, TestError())])
        #expect(Recorded.events([Recorded.next(1, "a")]) == [.next(1, "a")])
        #expect(Recorded(time: 5, value: 3) == Recorded(time: 5, value: 3))
    }

    /// A long list of events whose elements are expressions, as RxSwift's own tests write them. With RxTest's
    /// declarations the type checker gives up on this from six events on; this file does not compile if it does here.
    @Test func aLongListOfComputedEventsTypeChecks() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable(
            Recorded.events(
                .next(210, 0 * 2 + 1), .next(220, 1 * 2 + 1), .next(230, 2 * 2 + 1), .next(240, 3 * 2 + 1),
                .next(250, 4 * 2 + 1), .next(260, 5 * 2 + 1), .next(270, 6 * 2 + 1), .next(280, 7 * 2 + 1),
                .next(290, 8 * 2 + 1), .next(300, 9 * 2 + 1), .next(310, 10 * 2 + 1), .next(320, 11 * 2 + 1),
                .completed(400)))
        let observer = scheduler.start { source.map { $0 * 10 } }
        let expected = Recorded.events(
            .next(210, 1 * 10), .next(220, 3 * 10), .next(230, 5 * 10), .next(240, 7 * 10), .next(250, 9 * 10),
            .next(260, 11 * 10), .next(270, 13 * 10), .next(280, 15 * 10), .next(290, 17 * 10), .next(300, 19 * 10),
            .next(310, 21 * 10), .next(320, 23 * 10), .completed(400))
        #expect(observer.events == expected)
        #expect(expected.count == 13)
        // Arrays still join through the other overload.
        let joined = Recorded.events(Array(expected.prefix(2)), [.completed(230)])
        #expect(joined == [.next(210, 10), .next(220, 30), .completed(230)])
    }

    @Test func equatableErrorsCompareWithEquals() {
        #expect(Recorded<Event<Int>>.error(10, TestError("a")) == .error(10, TestError("a")))
        #expect(Recorded<Event<Int>>.error(10, TestError("a")) != .error(10, TestError("b")))
        #expect(Recorded<Event<Int>>.error(10, RxError.timeout) != .error(10, RxError.noElements))
    }

    @Test func otherErrorsCompareByTypeAndDescription() {
        #expect(Recorded<Event<Int>>.error(10, PlainError(code: 1)) == .error(10, PlainError(code: 1)))
        #expect(Recorded<Event<Int>>.error(10, PlainError(code: 1)) != .error(10, PlainError(code: 2)))
        #expect(Recorded<Event<Int>>.error(10, PlainError(code: 1)) != .error(10, OtherPlainError(code: 1)))
    }

    @Test func debugDescriptionsReadWell() {
        #expect(Recorded<Event<Int>>.next(210, 2).debugDescription == "next(2) @ 210")
        #expect(Recorded<Event<Int>>.completed(300).debugDescription == "completed @ 300")
        #expect(Subscription(200, 1000).debugDescription == "(200 : 1000)")
        #expect(Subscription(200).debugDescription == "(200 : Infinity)")
        #expect(TestError("x").description == "TestError(x)")
    }

    @Test func subscriptionInitializers() {
        #expect(Subscription(200).subscribe == 200)
        #expect(Subscription(200).unsubscribe == Int.max)
        #expect(Subscription(200, 300) == Subscription(200, 300))
        #expect(Subscription(200, 300) != Subscription(200))
        #expect(TestError() == TestError())
    }
}

@Suite(.checksResources) struct RxTestSpellingTests {
    @Test func typedFactoriesNameTheElementType() {
        let completed = Recorded.completed(250, Int.self)
        let failed = Recorded.error(260, TestError(), String.self)
        #expect(completed == Recorded<Event<Int>>(time: 250, value: .completed))
        #expect(failed == Recorded<Event<String>>(time: 260, value: .error(TestError())))
    }

    @Test func eventsJoinArraysAndListElements() {
        let setup: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2)]
        #expect(Recorded.events(setup, [.completed(300)]) == [.next(210, 1), .next(220, 2), .completed(300)])
        #expect(Recorded.events(.next(210, 1), .completed(220)) == [.next(210, 1), .completed(220)])
    }

    @Test func traitEventsCompare() {
        let singles: [Recorded<SingleEvent<Int>>] = [
            Recorded(time: 210, value: .success(1)), Recorded(time: 220, value: .failure(TestError())),
        ]
        #expect(
            singles == [Recorded(time: 210, value: .success(1)), Recorded(time: 220, value: .failure(TestError()))])
        #expect(
            !(singles == [Recorded(time: 210, value: .success(2)), Recorded(time: 220, value: .failure(TestError()))]))
        let maybes: [Recorded<MaybeEvent<Int>>] = [Recorded(time: 210, value: .success(1))]
        #expect(maybes == [Recorded(time: 210, value: .success(1))])
        #expect(MaybeEvent<Int>.completed != .error(TestError()))
        #expect(CompletableEvent.error(TestError("a")) == .error(TestError("a")))
        #expect(CompletableEvent.error(TestError("a")) != .error(TestError("b")))
    }
}
