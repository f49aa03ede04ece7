import Foundation
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

    /// The words of RxSwift's groupBy tests: keys are the words trimmed and lowercased.
    static let words: [Recorded<Event<String>>] = [
        .next(90, "abc"), .next(110, "zoo"), .next(130, "oof"), .next(220, "  foo"), .next(240, " FoO "),
        .next(270, "baR  "), .next(310, "foO "), .next(350, " Baz   "), .next(360, "  qux "), .next(390, "   bar"),
        .next(420, " BAR  "), .next(470, "FOO "), .next(480, "baz  "), .next(510, " bAZ "), .next(530, "    fOo    "),
        .completed(570), .next(580, "error"), .completed(600), .error(650, TestError()),
    ]

    static func key(_ word: String) throws -> String {
        if word == "error" { throw TestError() }
        return word.lowercased().trimmingCharacters(in: .whitespaces)
    }

    /// RxSwift's `testGroupBy_OuterIndependence`: the result's subscription is disposed at 320; the two groups
    /// already subscribed to keep the source running and get every element of their key, to the source's end, and no
    /// group is emitted after 320.
    @Test func groupsOutliveTheResultsSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.words)
        var outer: Observable<GroupedObservable<String, String>>?
        var outerSubscription: (any Disposable)?
        var innerSubscriptions: [String: any Disposable] = [:]
        var results: [String: TestableObserver<String>] = [:]
        let outerResults = scheduler.createObserver(String.self)
        scheduler.scheduleAt(TestScheduler.Defaults.created) { outer = xs.groupBy(keySelector: Self.key) }
        scheduler.scheduleAt(TestScheduler.Defaults.subscribed) {
            outerSubscription = outer?.subscribe(
                onNext: { group in
                    outerResults.onNext(group.key)
                    let result = scheduler.createObserver(String.self)
                    results[group.key] = result
                    innerSubscriptions[group.key] = group.subscribe(result)
                },
                onError: { outerResults.onError($0) },
                onCompleted: { outerResults.onCompleted() })
        }
        scheduler.scheduleAt(320) { outerSubscription?.dispose() }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) {
            outerSubscription?.dispose()
            for subscription in innerSubscriptions.values { subscription.dispose() }
        }
        scheduler.start()

        #expect(results.keys.sorted() == ["bar", "foo"])
        #expect(outerResults.events == [.next(220, "foo"), .next(270, "bar")])
        #expect(
            results["foo"]?.events == [
                .next(220, "  foo"), .next(240, " FoO "), .next(310, "foO "), .next(470, "FOO "),
                .next(530, "    fOo    "), .completed(570),
            ])
        #expect(
            results["bar"]?.events == [
                .next(270, "baR  "), .next(390, "   bar"), .next(420, " BAR  "), .completed(570),
            ])
        #expect(xs.subscriptions == [Subscription(200, 570)])
    }

    @Test func theLastGroupToLetGoAfterTheResultStopsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.words)
        var outerSubscription: (any Disposable)?
        var innerSubscriptions: [String: any Disposable] = [:]
        var results: [String: TestableObserver<String>] = [:]
        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy(keySelector: Self.key).subscribe(onNext: { group in
                let result = scheduler.createObserver(String.self)
                results[group.key] = result
                innerSubscriptions[group.key] = group.subscribe(result)
            })
        }
        scheduler.scheduleAt(300) { outerSubscription?.dispose() }
        scheduler.scheduleAt(400) { innerSubscriptions["foo"]?.dispose() }
        scheduler.scheduleAt(450) { innerSubscriptions["bar"]?.dispose() }
        scheduler.start()

        #expect(results["foo"]?.events == [.next(220, "  foo"), .next(240, " FoO "), .next(310, "foO ")])
        #expect(results["bar"]?.events == [.next(270, "baR  "), .next(390, "   bar"), .next(420, " BAR  ")])
        #expect(xs.subscriptions == [Subscription(200, 450)])
    }

    /// RxSwift's `testGroupBy_InnerEscapeDispose`: with no group subscribed to, disposing the result's subscription
    /// stops the source at once, and a group subscribed to later gets nothing.
    @Test func withNoGroupSubscribedDisposingTheResultStopsTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(220, "  foo"), .next(240, " FoO "), .next(310, "foO "), .next(470, "FOO "), .error(570, TestError()),
        ])
        let result = scheduler.createObserver(String.self)
        var outerSubscription: (any Disposable)?
        var inner: GroupedObservable<String, String>?
        var innerSubscription: (any Disposable)?
        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy(keySelector: Self.key).subscribe(onNext: { inner = $0 })
        }
        scheduler.scheduleAt(400) { outerSubscription?.dispose() }
        scheduler.scheduleAt(600) { innerSubscription = inner?.subscribe(result) }
        scheduler.scheduleAt(1000) { innerSubscription?.dispose() }
        scheduler.start()

        #expect(result.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    /// RxSwift's `testGroupBy_InnerMultipleIndependence`: while the result's subscription is active, the source runs
    /// whatever the groups' subscriptions do.
    @Test func theResultsSubscriptionKeepsTheSourceWithoutGroups() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.words)
        var outerSubscription: (any Disposable)?
        var innerSubscriptions: [String: any Disposable] = [:]
        var results: [String: TestableObserver<String>] = [:]
        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy(keySelector: Self.key).subscribe(onNext: { group in
                let result = scheduler.createObserver(String.self)
                results[group.key] = result
                innerSubscriptions[group.key] = group.subscribe(result)
            })
        }
        scheduler.scheduleAt(280) { innerSubscriptions["bar"]?.dispose() }
        scheduler.scheduleAt(320) { innerSubscriptions["foo"]?.dispose() }
        scheduler.scheduleAt(355) { innerSubscriptions["baz"]?.dispose() }
        scheduler.scheduleAt(400) { innerSubscriptions["qux"]?.dispose() }
        scheduler.scheduleAt(1000) { outerSubscription?.dispose() }
        scheduler.start()

        #expect(results["foo"]?.events == [.next(220, "  foo"), .next(240, " FoO "), .next(310, "foO ")])
        #expect(results["bar"]?.events == [.next(270, "baR  ")])
        #expect(results["baz"]?.events == [.next(350, " Baz   ")])
        #expect(results["qux"]?.events == [.next(360, "  qux ")])
        #expect(xs.subscriptions == [Subscription(200, 570)])
    }

    /// RxSwift's `testGroupBy_InnerEscapeComplete`: a group subscribed to after the source completed gets the
    /// completion.
    @Test func aGroupSubscribedAfterTheEndGetsTheEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, "  foo"), .next(240, " FoO "), .completed(570)])
        let result = scheduler.createObserver(String.self)
        var outerSubscription: (any Disposable)?
        var inner: GroupedObservable<String, String>?
        var innerSubscription: (any Disposable)?
        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy(keySelector: Self.key).subscribe(onNext: { inner = $0 })
        }
        scheduler.scheduleAt(600) { innerSubscription = inner?.subscribe(result) }
        scheduler.scheduleAt(1000) {
            outerSubscription?.dispose()
            innerSubscription?.dispose()
        }
        scheduler.start()

        #expect(result.events == [.completed(600)])
        #expect(xs.subscriptions == [Subscription(200, 570)])
    }
}
