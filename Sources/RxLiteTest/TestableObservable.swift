import RxLite

/// An observable that replays recorded events in virtual time and records its subscriptions.
///
/// - A **hot** one (``TestScheduler/createHotObservable(_:)``) schedules its events at their absolute times when it
///   is created, whether or not anyone listens; a subscriber gets the events after the moment it subscribed. Its
///   scheduler keeps it alive until its last event has been sent, so a test need not keep it in a variable. An
///   event at the very tick of a subscription reaches the subscriber only if the subscription was scheduled first.
/// - A **cold** one (``TestScheduler/createColdObservable(_:)``) schedules its events for each subscriber anew, at
///   the subscription time plus each event's time (an event at 0 arrives at the subscription tick itself).
///
/// Each subscription is recorded in ``subscriptions`` when it is made and updated with the unsubscribe time when the
/// subscriber disposes it; one never disposed stays open (`Int.max`). Disposing a cold subscription cancels its
/// remaining scheduled events. It is meant for the thread that drives the scheduler; it does not lock.
///
/// **What an observer gets, as in RxTest.** An observer subscribed directly (``subscribe(_:)``: a
/// ``TestableObserver``, a subject, any `ObserverType`) gets *every* recorded event at its time, also those recorded
/// after an `error` or `completed`, and its subscription lasts until it is disposed: a test can feed an observer that
/// ignores terminal events (ReactorKit's action subject) several sequences' worth of events. Through
/// ``asObservable()`` (what operators, `subscribe(onNext:)` and `TestScheduler.start` use) the sequence ends at
/// the first terminal event, and the recorded end is when the operator under test let go of its source: a test sees
/// an operator that holds a finished source, or that lets go of it later (`subscribe(on:)` disposes through its
/// scheduler, a tick after the end).
public final class TestableObservable<Element>: ObservableType {
    enum Temperature {
        case hot
        case cold
    }

    /// Weak: a hot observable's scheduled events hold the observable (so the scheduler keeps it alive until its
    /// last event has been sent, as RxTest's does), and the test holds the scheduler.
    private weak var scheduler: TestScheduler?
    private let temperature: Temperature
    // Hot only: the current subscribers, in subscription order.
    private var observers: [(key: Int, on: (Event<Element>) -> Void)] = []
    private var nextObserverKey = 0

    /// The events this observable sends: absolute times when hot, times relative to each subscription when cold.
    public let recordedEvents: [Recorded<Event<Element>>]

    /// Every subscription so far, in order: when it was made and when it was disposed (`Int.max` while active).
    public internal(set) var subscriptions: [Subscription] = []

    init(
        scheduler: TestScheduler, temperature: Temperature, recordedEvents: [Recorded<Event<Element>>]
    ) {
        self.scheduler = scheduler
        self.temperature = temperature
        self.recordedEvents = recordedEvents
        if temperature == .hot {
            for recorded in recordedEvents {
                scheduler.scheduleAt(recorded.time) { [self] in
                    sendToObservers(recorded.value)
                }
            }
        }
    }

    /// This observable as an ``Observable``: each subscription is one made by ``subscribe(_:)``, ended at the first
    /// terminal event (nothing after it reaches the chain) and recorded as ended when the chain disposes it.
    public func asObservable() -> Observable<Element> {
        Observable.createHoldingUntilDisposed { [self] observer in subscribe(observer) }
    }

    /// Subscribes `observer`, which gets every recorded event at its time (when cold, relative to now), also those
    /// after a terminal event, until the returned disposable is disposed; records the ``Subscription``.
    @discardableResult
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        guard let scheduler else { return Disposables.create() }
        subscriptions.append(Subscription(scheduler.clock))
        let index = subscriptions.count - 1
        let release: () -> Void
        switch temperature {
        case .hot:
            let key = nextObserverKey
            nextObserverKey += 1
            observers.append((key, observer.on))
            release = { [weak self] in self?.observers.removeAll { $0.key == key } }
        case .cold:
            let scheduled = recordedEvents.map { recorded in
                scheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                    observer.on(recorded.value)
                    return Disposables.create()
                }
            }
            release = { for item in scheduled { item.dispose() } }
        }
        // Weak: the subscription's lifetime holds this disposable, and a hot observable holds the subscription's
        // observer; a strong reference would make a cycle that a test which never disposes would leak.
        return Disposables.create { [weak self] in
            release()
            guard let self, let scheduler = self.scheduler else { return }
            subscriptions[index] = Subscription(subscriptions[index].subscribe, scheduler.clock)
        }
    }

    private func sendToObservers(_ event: Event<Element>) {
        // A copy: an observer may dispose (and so remove itself) while receiving.
        for entry in observers { entry.on(event) }
    }
}
