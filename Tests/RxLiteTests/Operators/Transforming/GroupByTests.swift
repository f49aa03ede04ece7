import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct GroupByTests {
    @Test func emitsAGroupPerKeyAndRoutesElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let result = scheduler.start {
            source.groupBy { $0 % 2 == 0 ? "even" : "odd" }
                .flatMap { group in group.map { "\(group.key) \($0)" } }
        }
        #expect(
            result.events == [
                .next(210, "odd 1"), .next(220, "even 2"), .next(230, "odd 3"), .next(240, "even 4"),
                .completed(250),
            ])
    }

    @Test func errorsReachEveryGroupAndTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError())])
        var groupEnds: [String] = []
        let result = scheduler.start {
            source.groupBy { $0 }.map { group in
                _ = group.subscribe(onError: { _ in groupEnds.append("\(group.key)") })
                return group.key
            }
        }
        #expect(result.events == [.next(210, 1), .next(220, 2), .error(230, TestError())])
        #expect(groupEnds == ["1", "2"] || groupEnds == ["2", "1"])
        let throwing = TestScheduler(initialClock: 0)
        let other = throwing.createHotObservable([.next(210, 1)])
        let thrown = throwing.start { other.groupBy { _ -> Int in throw TestError() }.map(\.key) }
        #expect(thrown.events == [.error(210, TestError())])
    }

    @Test func disposalStopsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let result = scheduler.start(disposed: 250) { source.groupBy { $0 }.flatMap { $0.asObservable() } }
        #expect(result.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }
}
