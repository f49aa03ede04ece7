import RxLite
import RxLiteTest
import Testing

/// Reentrancy across the multi-source operators: an observer that feeds the subject its chain is built on, and an
/// observer that disposes its own subscription in the middle of a delivery.
@Suite(.checksResources) struct ReentrancyTests {
    /// Each case builds a chain over one subject; `expectedFeed` is what an observer that feeds `value + 1` back into
    /// the subject while `value < 3` receives after `subject.onNext(1)`.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let expectedFeed: [Int]
        let build: @Sendable (PublishSubject<Int>) -> Observable<Int>
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "merge", expectedFeed: [1, 2, 3]) { Observable.merge($0.asObservable(), Observable.never()) },
        Case(name: "flatMap", expectedFeed: [1, 2, 3]) { subject in subject.flatMap { Observable.just($0) } },
        Case(name: "flatMapLatest", expectedFeed: [1, 2, 3]) { subject in
            subject.flatMapLatest { Observable.just($0) }
        },
        Case(name: "concatMap", expectedFeed: [1, 2, 3]) { subject in subject.concatMap { Observable.just($0) } },
        Case(name: "combineLatest", expectedFeed: [1, 2, 3]) { subject in
            Observable.combineLatest(subject, Observable.just(0)) { value, _ in value }
        },
        Case(name: "zip", expectedFeed: [1, 2, 3]) { subject in
            Observable.zip(subject, Observable.from(0..<10)) { value, _ in value }
        },
        Case(name: "withLatestFrom", expectedFeed: [1, 2, 3]) { subject in
            subject.withLatestFrom(Observable.just(0)) { value, _ in value }
        },
        Case(name: "share", expectedFeed: [1, 2, 3]) { subject in subject.share() },
        Case(name: "share(replay: 1)", expectedFeed: [1, 2, 3]) { subject in subject.share(replay: 1) },
        Case(name: "take(until:)", expectedFeed: [1, 2, 3]) { subject in
            subject.take(until: Observable<Int>.never())
        },
    ]

    @Test(arguments: cases)
    func observerFeedingItsOwnSource(_ testCase: Case) {
        let subject = PublishSubject<Int>()
        let log = EventLog<Int>()
        let subscription = testCase.build(subject).subscribe(onNext: { value in
            log.on(.next(value))
            if value < 3 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        #expect(log.elements == testCase.expectedFeed)
        #expect(log.contractViolations == 0)
        subscription.dispose()
        #expect(!subject.hasObservers)
    }

    @Test(arguments: cases)
    func observerDisposingItselfMidStream(_ testCase: Case) {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let serial = SerialDisposable()
        serial.disposable = testCase.build(subject).subscribe(onNext: { value in
            received.append(value)
            if value == 2 { serial.dispose() }
        })
        for value in 1...5 { subject.onNext(value) }
        #expect(received == [1, 2])
        #expect(!subject.hasObservers)
    }
}
