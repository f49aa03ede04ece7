import RxLite
import Testing

@testable import RxLiteTest

/// `Resources.liveSubscriptions()` and the leak report (issue 27, item 2).
@Suite(.checksResources) struct LiveSubscriptionsTests {
    #if DEBUG
        /// The live subscriptions this test made (each test runs in a `ResourceScope` of its own, so tests running
        /// in parallel do not see each other's).
        nonisolated func made() -> [LiveSubscription] {
            guard let scope = ResourceScope.current else {
                Issue.record("a test under .checksResources runs in a scope")
                return []
            }
            return Resources.liveSubscriptions(in: scope)
        }

        @Test func aRunningSubscriptionIsListedWithThePlaceItWasMade() {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { "\($0)" }.subscribe(onNext: { _ in })
            let line = #line - 1
            let listed = made()
            #expect(listed.count == 1)
            #expect(listed.first?.fileID == #fileID)
            #expect(listed.first?.line == line)
            #expect(listed.first?.operation == "subscribe(onNext:)")
            #expect(listed.first?.elementType == "String")
            #expect(listed.first?.chain == "publishSubject → map")
            subscription.dispose()
            #expect(made().isEmpty)
        }

        @Test func anEndedSubscriptionIsNotListed() {
            let subject = PublishSubject<Int>()
            _ = Observable.just(1).subscribe()
            let subscription = subject.subscribe()
            #expect(made().count == 1)
            subject.onCompleted()
            #expect(made().isEmpty)
            _ = subscription
        }

        @MainActor
        @Test func bindDriveAndTheBagsPlaceAreRecorded() {
            let relay = BehaviorRelay(value: 0)
            let target = PublishSubject<Int>()
            let bag = DisposeBag()
            relay.asObservable().bind(to: target)
                .disposed(by: bag)
            let bindLine = #line - 2
            let drive = relay.asDriver().drive(onNext: { _ in })
            let listed = made()
            #expect(listed.map(\.operation) == ["bind(to:)", "drive(onNext:)"])
            #expect(listed.first?.line == bindLine)
            #expect(listed.first?.disposeBagPlace == "\(#fileID):\(bindLine + 1)")
            #expect(listed.last?.line == bindLine + 3)
            drive.dispose()
            _ = consume bag
        }

        @Test func theReportGroupsByPlaceMostFirst() {
            let subject = PublishSubject<Int>()
            var subscriptions: [any Disposable] = []
            for _ in 0..<3 { subscriptions.append(subject.subscribe(onNext: { _ in })) }
            let threeLine = #line - 1
            subscriptions.append(subject.bind(onNext: { _ in }))
            let oneLine = #line - 1
            let report = Resources.liveSubscriptionsReport(made())
            #expect(
                report == """
                    RxLite: 4 live subscriptions
                      3 at \(#fileID):\(threeLine): subscribe(onNext:) of Int from publishSubject
                      1 at \(#fileID):\(oneLine): bind(onNext:) of Int from publishSubject
                    """)
            let leak = leakReport(testName: "leaky()", leakedObjects: 5, subscriptions: made())
            #expect(
                leak.hasPrefix("RxLite resources leaked: 5 live object(s) more than before leaky()\nRxLite: 4 live"))
            for subscription in subscriptions { subscription.dispose() }
        }

        @Test func theChainNamesTheOperatorsFromTheSourceToTheSubscriber() {
            let scheduler = TestScheduler()
            let subscription = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
                .filter { $0 > 0 }.map { $0 * 2 }.distinctUntilChanged()
                .subscribe(onNext: { _ in })
            #expect(made().map(\.chain) == ["timer → filter → map → distinctUntilChanged"])
            #expect(
                made().first?.description.hasSuffix("of Int from timer → filter → map → distinctUntilChanged") == true)
            subscription.dispose()
        }
    #endif
}
