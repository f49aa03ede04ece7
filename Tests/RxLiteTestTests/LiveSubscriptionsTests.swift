import RxLite
import Testing

@testable import RxLiteTest

#if DEBUG
    /// `Resources.liveSubscriptions()` and the leak report (issue 27, item 2).
    @Suite(.checksResources) struct LiveSubscriptionsTests {
        /// The subscriptions made since `mark`.
        nonisolated func made(after mark: UInt64) -> [LiveSubscription] {
            Resources.liveSubscriptions().filter { $0.id > mark }
        }

        nonisolated var mark: UInt64 { Resources.liveSubscriptions().last?.id ?? 0 }

        @Test func aRunningSubscriptionIsListedWithThePlaceItWasMade() {
            let start = mark
            let subject = PublishSubject<Int>()
            let subscription = subject.map { "\($0)" }.subscribe(onNext: { _ in })
            let line = #line - 1
            let listed = made(after: start)
            #expect(listed.count == 1)
            #expect(listed.first?.fileID == #fileID)
            #expect(listed.first?.line == line)
            #expect(listed.first?.operation == "subscribe(onNext:)")
            #expect(listed.first?.elementType == "String")
            subscription.dispose()
            #expect(made(after: start).isEmpty)
        }

        @Test func anEndedSubscriptionIsNotListed() {
            let start = mark
            let subject = PublishSubject<Int>()
            _ = Observable.just(1).subscribe()
            let subscription = subject.subscribe()
            #expect(made(after: start).count == 1)
            subject.onCompleted()
            #expect(made(after: start).isEmpty)
            _ = subscription
        }

        @MainActor
        @Test func bindDriveAndTheBagsPlaceAreRecorded() {
            let start = mark
            let relay = BehaviorRelay(value: 0)
            let target = PublishSubject<Int>()
            let bag = DisposeBag()
            relay.asObservable().bind(to: target)
                .disposed(by: bag)
            let bindLine = #line - 2
            let drive = relay.asDriver().drive(onNext: { _ in })
            let listed = made(after: start)
            #expect(listed.map(\.operation) == ["bind(to:)", "drive(onNext:)"])
            #expect(listed.first?.line == bindLine)
            #expect(listed.first?.disposeBagPlace == "\(#fileID):\(bindLine + 1)")
            #expect(listed.last?.line == bindLine + 3)
            drive.dispose()
            _ = consume bag
        }

        @Test func theReportGroupsByPlaceMostFirst() {
            let start = mark
            let subject = PublishSubject<Int>()
            var subscriptions: [any Disposable] = []
            for _ in 0..<3 { subscriptions.append(subject.subscribe(onNext: { _ in })) }
            let threeLine = #line - 1
            subscriptions.append(subject.bind(onNext: { _ in }))
            let oneLine = #line - 1
            let report = Resources.liveSubscriptionsReport(made(after: start))
            #expect(
                report == """
                    RxLite: 4 live subscriptions
                      3 at \(#fileID):\(threeLine): subscribe(onNext:) of Int
                      1 at \(#fileID):\(oneLine): bind(onNext:) of Int
                    """)
            let leak = leakReport(testName: "leaky()", leakedObjects: 5, subscriptions: made(after: start))
            #expect(
                leak.hasPrefix("RxLite resources leaked: 5 live object(s) more than before leaky()\nRxLite: 4 live"))
            for subscription in subscriptions { subscription.dispose() }
        }
    }
#endif
