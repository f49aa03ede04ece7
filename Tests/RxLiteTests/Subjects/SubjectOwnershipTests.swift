import RxLite
import RxLiteTest
import Testing

/// A handler's captured object, to see when the handler is released.
private final class Captured {}

/// Subjects and relays: the stored value never lags what was accepted, and a subject nobody references any more is
/// freed with the subscriptions it still has (RxSwift frees it too).
@Suite(.checksResources) struct SubjectOwnershipTests {
    // MARK: - Values accepted during delivery

    @Test func behaviorRelayKeepsEveryPageAppendedFromInsideItsSubscriber() {
        expectNoLeaks {
            let items = BehaviorRelay<[Int]>(value: [])
            var seen: [[Int]] = []
            let subscription = items.subscribe(onNext: { list in
                seen.append(list)
                if list == [1] {
                    items.accept(items.value + [2])
                    items.accept(items.value + [3])
                }
            })
            items.accept(items.value + [1])
            #expect(items.value == [1, 2, 3])
            #expect(seen == [[], [1], [1, 2], [1, 2, 3]])
            subscription.dispose()
        }
    }

    @Test func behaviorSubjectValueIsTheLatestAcceptedInsideADelivery() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: 0)
            var valuesSeenInside: [Int] = []
            let subscription = subject.subscribe(onNext: { element in
                if element == 1 {
                    subject.onNext(2)
                    valuesSeenInside.append((try? subject.value()) ?? -1)
                }
            })
            subject.onNext(1)
            #expect(valuesSeenInside == [2])
            #expect((try? subject.value()) == 2)
            subscription.dispose()
        }
    }

    @Test func aSubscriberJoiningDuringADeliveryGetsEachEventExactlyOnce() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: 0)
            let late = EventLog<Int>()
            var lateSubscription: (any Disposable)?
            let first = subject.subscribe(onNext: { element in
                guard element == 1 else { return }
                subject.onNext(2)  // accepted before the late subscriber: in its replay
                lateSubscription = subject.subscribe(late)
                subject.onNext(3)  // accepted after it: delivered to it
            })
            subject.onNext(1)
            #expect(late.elements == [2, 3])
            first.dispose()
            lateSubscription?.dispose()
        }
    }

    @Test func replaySubjectBufferHoldsWhatWasAcceptedDuringADelivery() {
        expectNoLeaks {
            let subject = ReplaySubject<Int>.create(bufferSize: 3)
            let late = EventLog<Int>()
            var lateSubscription: (any Disposable)?
            let first = subject.subscribe(onNext: { element in
                guard element == 1 else { return }
                subject.onNext(2)
                subject.onNext(3)
                lateSubscription = subject.subscribe(late)
            })
            subject.onNext(1)
            #expect(late.elements == [1, 2, 3])
            subject.onNext(4)
            #expect(late.elements == [1, 2, 3, 4])
            first.dispose()
            lateSubscription?.dispose()
        }
    }

    @Test func asyncSubjectEndsWithTheLastElementAcceptedDuringADelivery() {
        expectNoLeaks {
            let subject = AsyncSubject<Int>()
            let trigger = PublishSubject<Void>()
            let log = EventLog<Int>()
            let feeder = trigger.subscribe(onNext: {
                subject.onNext(1)
                subject.onNext(2)
                subject.onCompleted()
            })
            let subscription = subject.subscribe(log)
            trigger.onNext(())
            #expect(log.events.map(\.summary) == ["next(2)", "completed"])
            feeder.dispose()
            subscription.dispose()
        }
    }

    @Test func eventsAfterAnAcceptedEndAreDroppedEvenWhileItIsStillQueued() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let log = EventLog<Int>()
            let reentrant = subject.subscribe(onNext: { element in
                if element == 1 {
                    subject.onCompleted()
                    subject.onNext(99)
                }
            })
            let subscription = subject.subscribe(log)
            subject.onNext(1)
            #expect(log.events.map(\.summary) == ["next(1)", "completed"])
            reentrant.dispose()
            subscription.dispose()
        }
    }

    // MARK: - Ownership

    @Test(arguments: [1, 2, 5])
    func aPublishSubjectDroppedWithSubscribersIsFreedWithThem(subscribers: Int) {
        expectNoLeaks {
            weak var weakCaptured: Captured?
            do {
                let captured = Captured()
                weakCaptured = captured
                let subject = PublishSubject<Int>()
                for _ in 0..<subscribers {
                    _ = subject.subscribe(onNext: { _ in _ = captured })
                }
                subject.onNext(1)
            }
            #expect(weakCaptured == nil)
        }
    }

    @Test func aSubscriptionsDisposableKeepsItsSubjectAlive() {
        expectNoLeaks {
            weak var weakSubject: PublishSubject<Int>?
            weak var weakConnectable: ConnectableObservable<Int>?
            var subscriptions: [any Disposable] = []
            do {
                let subject = PublishSubject<Int>()
                weakSubject = subject
                subscriptions.append(subject.subscribe(onNext: { _ in }))
                let connectable = Observable<Int>.never().publish()
                weakConnectable = connectable
                subscriptions.append(connectable.subscribe(EventLog<Int>()))
            }
            // As in RxSwift: held only by the subscriptions' disposables, and freed with them.
            #expect(weakSubject != nil)
            #expect(weakConnectable != nil)
            subscriptions.removeAll()
            #expect(weakSubject == nil)
            #expect(weakConnectable == nil)
        }
    }

    @Test func aSubjectDoesNotKeepItsSubscriptionsDisposablesAlive() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: 0)
            var received: [Int] = []
            weak var weakSubscription: AnyObject?
            do {
                let subscription = subject.subscribe(onNext: { received.append($0) })
                weakSubscription = subscription as AnyObject
            }
            #expect(weakSubscription == nil)
            // A subscription whose disposable was dropped goes on while the subject lives, as in RxSwift.
            subject.onNext(1)
            #expect(received == [0, 1])
            subject.onCompleted()
        }
    }

    @Test func everySubjectAndRelayDroppedWithASubscriberIsFreed() {
        expectNoLeaks {
            weak var weakCaptured: Captured?
            do {
                let captured = Captured()
                weakCaptured = captured
                let handler: (Int) -> Void = { _ in _ = captured }
                _ = BehaviorSubject(value: 0).subscribe(onNext: handler)
                _ = ReplaySubject<Int>.create(bufferSize: 2).subscribe(onNext: handler)
                _ = ReplaySubject<Int>.createUnbounded().map { $0 + 1 }.subscribe(onNext: handler)
                _ = AsyncSubject<Int>().subscribe(onNext: handler)
                _ = PublishRelay<Int>().subscribe(onNext: handler)
                _ = BehaviorRelay(value: 0).subscribe(onNext: handler)
                _ = ReplayRelay<Int>.create(bufferSize: 1).subscribe(onNext: handler)
            }
            #expect(weakCaptured == nil)
        }
    }

    @Test func aDisposedSubjectReleasesItsSubscribersHandlers() {
        expectNoLeaks {
            weak var weakCaptured: Captured?
            let subject = PublishSubject<Int>()
            let bag = DisposeBag()
            do {
                let captured = Captured()
                weakCaptured = captured
                subject.subscribe(onNext: { _ in _ = captured }).disposed(by: bag)
            }
            subject.dispose()
            // The bag still holds the subscription, but nothing of the subject's keeps the handler.
            #expect(weakCaptured == nil)
            let late = EventLog<Int>()
            subject.subscribe(late)
            #expect(late.events.map(\.summary) == ["error(Object `PublishSubject<Int>` was already disposed.)"])
        }
    }

    @Test func aBindTargetDroppedWithItsOwnSubscribersIsFreed() {
        expectNoLeaks {
            weak var weakCaptured: Captured?
            let source = PublishSubject<Int>()
            var binding: (any Disposable)?
            do {
                let captured = Captured()
                weakCaptured = captured
                let target = BehaviorRelay(value: 0)
                _ = target.subscribe(onNext: { _ in _ = captured })
                binding = source.bind(to: target)
                source.onNext(1)
            }
            // The binding keeps the relay as its observer; once it ends, nothing does.
            #expect(weakCaptured != nil)
            binding?.dispose()
            #expect(weakCaptured == nil)
        }
    }

    @Test func aSubjectThatEndedReleasesItsSubscriptionsEvenIfNeverDisposed() {
        expectNoLeaks {
            weak var weakCaptured: Captured?
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            do {
                let captured = Captured()
                weakCaptured = captured
                _ = subject.subscribe(onNext: { _ in _ = captured })
                subject.onCompleted()
            }
            #expect(weakCaptured == nil)
        }
    }
}
