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

@Suite(.checksResources) struct ReplaySubjectTests {
    @Test func replaysTheLastBufferSizeElements() {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            for value in 1...5 { subject.onNext(value) }
            let log = EventLog<Int>()
            let subscription = subject.subscribe(log)
            subject.onNext(6)
            #expect(log.elements == [4, 5, 6])
            subscription.dispose()
        }
    }

    @Test func afterTheEndReplaysThenEnds() {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            for value in 1...4 { subject.onNext(value) }
            subject.onError(SampleError())
            let log = EventLog<Int>()
            subject.subscribe(log)
            #expect(log.events.map(\.summary) == ["next(2)", "next(3)", "next(4)", "error(SampleError(code: 1))"])
        }
    }

    @Test(arguments: [0, 1, 10])
    func bufferSizes(bufferSize: Int) {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.create(bufferSize: bufferSize)
            for value in 1...5 { subject.onNext(value) }
            let log = EventLog<Int>()
            subject.subscribe(log).dispose()
            #expect(log.elements == Array([1, 2, 3, 4, 5].suffix(bufferSize)))
        }
    }

    @Test func unboundKeepsEverything() {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.createUnbounded()
            for value in 0..<100 { subject.onNext(value) }
            subject.onCompleted()
            let log = EventLog<Int>()
            subject.subscribe(log)
            #expect(log.elements == Array(0..<100))
            #expect(log.isCompleted)
        }
    }
}

@Suite(.checksResources) struct AsyncSubjectTests {
    @Test func emitsOnlyTheLastElementOnCompletion() {
        expectNoLeaks {
            let subject = AsyncSubject<Int>()
            let early = EventLog<Int>()
            subject.subscribe(early)
            subject.onNext(1)
            subject.onNext(2)
            #expect(early.events.isEmpty)
            subject.onCompleted()
            let late = EventLog<Int>()
            subject.subscribe(late)
            #expect(early.events.map(\.summary) == ["next(2)", "completed"])
            #expect(late.events.map(\.summary) == ["next(2)", "completed"])
        }
    }

    @Test func errorDropsTheLastElement() {
        expectNoLeaks {
            let subject = AsyncSubject<Int>()
            let log = EventLog<Int>()
            subject.subscribe(log)
            subject.onNext(1)
            subject.onError(SampleError())
            #expect(log.events.map(\.summary) == ["error(SampleError(code: 1))"])
        }
    }

    @Test func emptyCompletionIsJustCompletion() {
        expectNoLeaks {
            let subject = AsyncSubject<Int>()
            let log = EventLog<Int>()
            subject.subscribe(log)
            subject.onCompleted()
            #expect(log.events.map(\.summary) == ["completed"])
        }
    }
}

@Suite(.checksResources) struct RelayTests {
    @Test func behaviorRelayHoldsAndReplaysItsValue() {
        expectNoLeaks {
            let relay = BehaviorRelay(value: "a")
            let log = EventLog<String>()
            let subscription = relay.subscribe(log)
            relay.accept("b")
            #expect(relay.value == "b")
            #expect(log.elements == ["a", "b"])
            subscription.dispose()
            relay.accept("c")
            #expect(log.elements == ["a", "b"])
        }
    }

    @Test func publishRelayForwardsOnlyLaterValues() {
        expectNoLeaks {
            let relay = PublishRelay<Int>()
            relay.accept(1)
            let log = EventLog<Int>()
            let subscription = relay.subscribe(log)
            relay.accept(2)
            #expect(log.elements == [2])
            subscription.dispose()
        }
    }

    @Test func replayRelayReplays() {
        expectNoLeaks {
            let relay = ReplayRelay<Int>.create(bufferSize: 2)
            for value in 1...3 { relay.accept(value) }
            let log = EventLog<Int>()
            relay.subscribe(log).dispose()
            #expect(log.elements == [2, 3])
        }
    }

    @Test func behaviorRelayFedConcurrently() {
        expectNoLeaks {
            let relay = BehaviorRelay(value: 0)
            let log = EventLog<Int>()
            let subscription = relay.subscribe(log)
            DispatchQueue.concurrentPerform(iterations: 8) { producer in
                for index in 1...2_000 { relay.accept(producer * 10_000 + index) }
            }
            #expect(log.count == 1 + 8 * 2_000)
            #expect(log.contractViolations == 0)
            #expect(log.elements.last == relay.value)
            subscription.dispose()
        }
    }
}
