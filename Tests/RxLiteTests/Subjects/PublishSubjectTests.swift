import Dispatch
import RxLite
import RxLiteTest
import Testing

@Suite(.checksResources) struct PublishSubjectTests {
    @Test func deliversToObserversSubscribedAtTheTime() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let early = EventLog<Int>()
            let late = EventLog<Int>()
            subject.onNext(0)
            let first = subject.subscribe(early)
            subject.onNext(1)
            let second = subject.subscribe(late)
            subject.onNext(2)
            subject.onCompleted()
            subject.onNext(3)
            #expect(early.events.map(\.summary) == ["next(1)", "next(2)", "completed"])
            #expect(late.events.map(\.summary) == ["next(2)", "completed"])
            #expect(!subject.hasObservers)
            first.dispose()
            second.dispose()
        }
    }

    @Test func lateSubscriberGetsTheTerminalEvent() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            subject.onError(SampleError())
            let log = EventLog<Int>()
            subject.subscribe(log)
            #expect(log.events.count == 1)
            #expect(log.error as? SampleError == SampleError())
        }
    }

    @Test func disposeStopsDeliveryAndRemovesTheObserver() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let log = EventLog<Int>()
            let subscription = subject.subscribe(log)
            subject.onNext(1)
            #expect(subject.hasObservers)
            subscription.dispose()
            subscription.dispose()
            subject.onNext(2)
            #expect(log.elements == [1])
            #expect(!subject.hasObservers)
        }
    }

    @Test func observerDisposingItselfGetsNothingMore() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            let serial = SerialDisposable()
            serial.disposable = subject.subscribe(onNext: { value in
                received.append(value)
                if value == 2 { serial.dispose() }
            })
            for value in 1...5 { subject.onNext(value) }
            #expect(received == [1, 2])
        }
    }

    @Test func observerDisposingAnotherStopsItWithinTheSameEvent() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var second: [Int] = []
            let secondSubscription = SerialDisposable()
            let first = subject.subscribe(onNext: { value in
                if value == 2 { secondSubscription.dispose() }
            })
            secondSubscription.disposable = subject.subscribe(onNext: { second.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            #expect(second == [1])
            first.dispose()
        }
    }

    @Test func reentrantFeedIsDeliveredAfterTheCurrentEventInOrder() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let log = EventLog<Int>()
            var order: [String] = []
            let feeder = subject.subscribe(onNext: { value in
                order.append("start \(value)")
                if value < 3 { subject.onNext(value + 1) }
                order.append("end \(value)")
            })
            let logged = subject.subscribe(log)
            subject.onNext(1)
            #expect(order == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
            #expect(log.elements == [1, 2, 3])
            #expect(log.contractViolations == 0)
            feeder.dispose()
            logged.dispose()
        }
    }

    @Test func subscribingFromInsideAnObserverStartsWithTheNextEvent() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let inner = EventLog<Int>()
            let bag = CompositeDisposable()
            bag.insert(
                subject.subscribe(onNext: { value in
                    if value == 1 { bag.insert(subject.subscribe(inner)) }
                }))
            subject.onNext(1)
            subject.onNext(2)
            #expect(inner.elements == [2])
            bag.dispose()
        }
    }

    @Test func disposedSubjectFailsNewSubscribers() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let before = EventLog<Int>()
            let subscription = subject.subscribe(before)
            subject.dispose()
            subject.onNext(1)
            let after = EventLog<Int>()
            subject.subscribe(after)
            #expect(before.events.isEmpty)
            #expect(after.error as? RxError == RxError.disposed(object: "PublishSubject<Int>"))
            subscription.dispose()
        }
    }

    @Test func concurrentProducersNeverOverlapAndLoseNothing() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let log = EventLog<Int>()
            let subscription = subject.subscribe(log)
            let producers = 8
            let perProducer = 5_000
            DispatchQueue.concurrentPerform(iterations: producers) { producer in
                for index in 0..<perProducer { subject.onNext(producer * perProducer + index) }
            }
            #expect(log.count == producers * perProducer)
            #expect(Set(log.elements).count == producers * perProducer)
            #expect(log.contractViolations == 0)
            // Each producer's own events stay in its order.
            var lastSeen = [Int](repeating: -1, count: producers)
            var ordered = true
            for element in log.elements {
                let producer = element / perProducer
                if element <= lastSeen[producer] { ordered = false }
                lastSeen[producer] = element
            }
            #expect(ordered)
            subscription.dispose()
        }
    }

    @Test(.checksResources(.processWide)) func subscribeAndDisposeRacingEmission() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let logs = (0..<4).map { _ in EventLog<Int>() }
            DispatchQueue.concurrentPerform(iterations: 5) { worker in
                if worker == 4 {
                    for value in 0..<20_000 { subject.onNext(value) }
                } else {
                    for _ in 0..<500 {
                        let subscription = subject.subscribe(logs[worker])
                        subscription.dispose()
                    }
                }
            }
            subject.onCompleted()
            #expect(!subject.hasObservers)
            for log in logs { #expect(log.contractViolations == 0) }
        }
    }

    @Test func disposingTheSubjectFromAnObserverFinishesTheCurrentEventThenReleasesEveryone() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let first = EventLog<Int>()
            let second = EventLog<Int>()
            let disposer = subject.subscribe(onNext: { value in
                first.on(.next(value))
                if value == 1 { subject.dispose() }
            })
            let other = subject.subscribe(second)
            subject.onNext(1)
            subject.onNext(2)
            #expect(first.elements == [1])
            // The event being delivered when the subject was disposed still reaches every observer.
            #expect(second.elements == [1])
            #expect(!subject.hasObservers)
            let late = EventLog<Int>()
            subject.subscribe(late)
            #expect(late.error as? RxError == RxError.disposed(object: "PublishSubject<Int>"))
            disposer.dispose()
            other.dispose()
        }
    }

    @Test func observersComeAndGoInAnyOrderAndTheRestKeepTheirOrder() {
        expectNoLeaks {
            var random = SplitMix64(seed: 7)
            let subject = PublishSubject<Int>()
            nonisolated(unsafe) var received: [Int] = []
            var live: [(id: Int, subscription: any Disposable)] = []
            var nextID = 0
            for round in 0..<200 {
                if live.isEmpty || random.next() % 3 != 0 {
                    let id = nextID
                    nextID += 1
                    live.append((id, subject.subscribe(onNext: { _ in received.append(id) })))
                } else {
                    let index = Int(random.next() % UInt64(live.count))
                    live.remove(at: index).subscription.dispose()
                }
                received = []
                subject.onNext(round)
                #expect(received == live.map(\.id))
            }
            for entry in live { entry.subscription.dispose() }
            #expect(!subject.hasObservers)
        }
    }
}
