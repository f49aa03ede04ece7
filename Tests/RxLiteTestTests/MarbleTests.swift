import RxLite
import RxLiteTest
import Testing

private let abc: [Character: Int] = ["a": 1, "b": 2, "c": 3]

@Suite(.checksResources)
struct MarbleTests {
    @Test func framesValuesAndCompletion() throws {
        let events = try TestScheduler.parseMarbles("-a--b-c|", values: abc)
        #expect(events == [.next(10, 1), .next(40, 2), .next(60, 3), .completed(70)])
    }

    @Test func errorSendsTheGivenErrorOrATestError() throws {
        #expect(try TestScheduler.parseMarbles("-#", values: abc) == [.error(10, TestError())])
        #expect(
            try TestScheduler.parseMarbles("a#", values: abc, error: RxError.timeout)
                == [.next(0, 1), .error(10, RxError.timeout)])
    }

    @Test func groupTakesOneFrame() throws {
        #expect(
            try TestScheduler.parseMarbles("(ab)-c(a|)", values: abc)
                == [.next(0, 1), .next(0, 2), .next(20, 3), .next(30, 1), .completed(30)])
    }

    @Test func spacesAreIgnored() throws {
        #expect(try TestScheduler.parseMarbles(" - a - -b ", values: abc) == [.next(10, 1), .next(40, 2)])
    }

    @Test func subscriptionPointTakesNoTimeAndAnchorsAtSubscribed() throws {
        #expect(
            try TestScheduler.parseMarbles("--a-^-b-|", values: abc)
                == [.next(180, 1), .next(210, 2), .completed(230)])
        #expect(try TestScheduler.parseMarbles("^(a|)", values: abc) == [.next(200, 1), .completed(200)])
        #expect(try TestScheduler.parseMarbles("a^a", values: abc, subscribed: 300) == [.next(290, 1), .next(300, 1)])
    }

    @Test func frameIsConfigurable() throws {
        #expect(try TestScheduler.parseMarbles("-a|", values: abc, frame: 1) == [.next(1, 1), .completed(2)])
        #expect(
            try TestScheduler.parseMarbles("-^-a|", values: abc, frame: 5, subscribed: 50)
                == [.next(55, 1), .completed(60)])
    }

    @Test(
        arguments: [
            ("-a-(b", 3, MarbleError.Reason.unclosedGroup),
            ("a)", 1, .unopenedGroup),
            ("((a))", 1, .nestedGroup),
            ("-()", 2, .emptyGroup),
            ("(a-b)", 2, .timeInsideGroup),
            ("(a^)", 2, .timeInsideGroup),
            ("-x", 1, .unknownValue("x")),
            ("a -  z", 5, .unknownValue("z")),
            ("^-^", 2, .duplicateSubscriptionPoint),
            ("a|b", 2, .eventAfterTermination),
            ("#-a", 2, .eventAfterTermination),
            ("(a|#)", 3, .eventAfterTermination),
        ])
    func invalidMarblesNameTheProblemAndItsOffset(marbles: String, offset: Int, reason: MarbleError.Reason) {
        #expect(throws: MarbleError(marbles: marbles, offset: offset, reason: reason)) {
            try TestScheduler.parseMarbles(marbles, values: abc)
        }
    }

    @Test func errorMessagePointsAtTheOffendingCharacter() {
        let error = MarbleError(marbles: "-a-(b", offset: 3, reason: .unclosedGroup)
        #expect(error.description == "Invalid marbles at offset 3: '(' is never closed\n  -a-(b\n     ^")
    }

    @Test func invalidMarblesTrapInTheNonThrowingForms() async {
        await #expect(processExitsWith: .failure) {
            _ = Recorded.events(fromMarbles: "-(a", values: ["a": 1])
        }
        await #expect(processExitsWith: .failure) {
            _ = TestScheduler().createColdObservable("-^-a", values: ["a": 1])
        }
        await #expect(processExitsWith: .failure) {
            _ = TestScheduler().createHotObservable("-q", values: ["a": 1])
        }
    }

    @Test func hotMarblesDriveAnOperatorTest() {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable("-a-^-b-c-|", values: abc)
        let res = scheduler.start { xs.map { $0 * 10 } }
        let expected = Recorded.events(fromMarbles: "^-b-c-|", values: ["b": 20, "c": 30])
        #expect(
            res.events == expected,
            "got \(TestScheduler.renderMarbles(res.events, values: ["b": 20, "c": 30], subscribed: 200))")
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func coldMarblesAreRelativeToEachSubscription() {
        let scheduler = TestScheduler()
        let xs = scheduler.createColdObservable("--a-#", values: abc, error: RxError.timeout)
        let res = scheduler.start { xs }
        #expect(res.events == [.next(220, 1), .error(240, RxError.timeout)])
        #expect(res.events == Recorded.events(fromMarbles: "^--a-#", values: abc, error: RxError.timeout))
    }

    @Test func timerAsMarbles() {
        let scheduler = TestScheduler()
        let res = scheduler.start(disposed: 250) {
            Observable<Int>.interval(.seconds(10), scheduler: scheduler)
        }
        let values: [Character: Int] = ["0": 0, "1": 1, "2": 2, "3": 3]
        #expect(TestScheduler.renderMarbles(res.events, values: values, subscribed: 200) == "^-0123")
        #expect(res.events == Recorded.events(fromMarbles: "^-0123", values: values))
    }

    @Test(arguments: ["-a--b-c|", "(ab)-c|", "a-^-b-(c|)", "^(a|)", "-a-#", "^", "", "^--a", "c-a^"])
    func renderingParsesBackToTheSameString(marbles: String) throws {
        let subscribed: TestTime? = marbles.contains("^") ? 200 : nil
        let events = try TestScheduler.parseMarbles(marbles, values: abc)
        #expect(TestScheduler.renderMarbles(events, values: abc, subscribed: subscribed) == marbles)
    }

    @Test func renderingFallsBackToDescriptionsAndRoundsTimesDown() {
        let events: [Recorded<Event<Int>>] = [.next(0, 7), .next(15, 42), .next(19, 1), .completed(30)]
        #expect(TestScheduler.renderMarbles(events, values: abc) == "7(?a)-|")
        #expect(TestScheduler.renderMarbles(events, values: abc, frame: 5) == "7--(?a)--|")
    }
}
