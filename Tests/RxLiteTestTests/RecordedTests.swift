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
