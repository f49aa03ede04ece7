import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct BehaviorSubjectTests {
    @Test func newSubscriberGetsTheCurrentValueFirst() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: 1)
            let first = EventLog<Int>()
            let a = subject.subscribe(first)
            subject.onNext(2)
            let second = EventLog<Int>()
            let b = subject.subscribe(second)
            subject.onNext(3)
            #expect(first.elements == [1, 2, 3])
            #expect(second.elements == [2, 3])
            #expect((try? subject.value()) == 3)
            a.dispose()
            b.dispose()
        }
    }

    @Test func valueThrowsAfterErrorAndAfterDispose() {
        expectNoLeaks {
            let failed = BehaviorSubject(value: 1)
            failed.onError(SampleError(code: 7))
            #expect(throws: SampleError(code: 7)) { try failed.value() }
            let log = EventLog<Int>()
            failed.subscribe(log)
            #expect(log.events.map(\.summary) == ["error(SampleError(code: 7))"])

            let disposed = BehaviorSubject(value: 1)
            disposed.dispose()
            #expect(throws: RxError.disposed(object: "BehaviorSubject")) { try disposed.value() }
        }
    }

    @Test func completedSubjectGivesOnlyCompletionToLateSubscribers() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: "a")
            subject.onCompleted()
            let log = EventLog<String>()
            subject.subscribe(log)
            #expect(log.events.map(\.summary) == ["completed"])
            #expect((try? subject.value()) == "a")
        }
    }

    @Test func takeOneOfTheReplayUnsubscribesAtOnce() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: 5)
            var received: [Int] = []
            let log = EventLog<Int>()
            let subscription = subject.subscribe(log)
            _ = subject.asObservable().map { $0 * 2 }.subscribe(onNext: { received.append($0) }).dispose()
            subject.onNext(6)
            #expect(received == [10])
            #expect(log.elements == [5, 6])
            subscription.dispose()
        }
    }

    @Test func concurrentSubscribersNeverMissTheValueOrSeeItTwice() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: -1)
            let logs = (0..<4).map { _ in EventLog<Int>() }
            let subscriptions = CompositeDisposable()
            DispatchQueue.concurrentPerform(iterations: 5) { worker in
                if worker == 4 {
                    for value in 0..<10_000 { subject.onNext(value) }
                } else {
                    subscriptions.insert(subject.subscribe(logs[worker]))
                }
            }
            subject.onNext(10_000)
            for log in logs {
                let elements = log.elements
                #expect(elements.last == 10_000)
                // Strictly increasing: the replayed value and live events neither overlap nor go back in time.
                #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 < $1 })
                #expect(log.contractViolations == 0)
            }
            subscriptions.dispose()
        }
    }
}
