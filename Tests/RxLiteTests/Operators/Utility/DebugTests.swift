import Testing

@testable import RxLite

@Suite(.checksResources) struct DebugTests {
    /// The printed lines with their timestamps checked and removed.
    func messages(_ lines: [String]) -> [String] {
        lines.map { line in
            let parts = line.split(separator: ": ", maxSplits: 1)
            #expect(parts.count == 2)
            // "yyyy-MM-dd HH:mm:ss.SSS"
            #expect(parts[0].count == 23)
            return String(parts.last ?? "")
        }
    }

    @Test func printsSubscriptionEventsAndDisposal() {
        expectNoLeaks {
            var lines: [String] = []
            let events = Observable.of(1, 2).debug("numbers", trimOutput: false, output: { lines.append($0) })
                .collect()
            #expect(events == [.next(1), .next(2), .completed])
            #expect(
                messages(lines) == [
                    "numbers -> subscribed", "numbers -> Event next(1)", "numbers -> Event next(2)",
                    "numbers -> Event completed", "numbers -> isDisposed",
                ])
        }
    }

    @Test func printsErrorsAndDisposeMidStream() {
        expectNoLeaks {
            var lines: [String] = []
            let failing = Observable<Int>.error(TestFailure.boom).debug("x", trimOutput: false) { lines.append($0) }
            #expect(failing.collect() == [.error(.boom)])
            #expect(messages(lines) == ["x -> subscribed", "x -> Event error(boom)", "x -> isDisposed"])

            lines = []
            let result = eventsAroundDispose(
                { $0.debug("y", trimOutput: false) { lines.append($0) } }, before: [1], after: [2])
            #expect(result.events == [.next(1)])
            #expect(messages(lines) == ["y -> subscribed", "y -> Event next(1)", "y -> isDisposed"])
        }
    }

    @Test func trimsLongEvents() {
        let long = String(repeating: "a", count: 50)
        #expect(debugText(Event.next(long), trimmed: false) == "next(\(long))")
        #expect(debugText(Event.next(long), trimmed: true) == "next(aaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaa)")
        #expect(debugText(Event.next(1), trimmed: true) == "next(1)")
    }

    @Test func defaultIdentifierNamesTheCallSite() {
        expectNoLeaks {
            // Prints to standard output; only the delivered events are checked here.
            #expect(Observable.just(1).debug().collect() == [.next(1), .completed])
        }
    }
}
