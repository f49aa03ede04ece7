import RxLite

/// An observer that records every event it receives with the scheduler's clock at that moment.
///
/// Made by ``TestScheduler/createObserver(_:)`` or returned by ``TestScheduler/start(created:subscribed:disposed:create:)``.
/// It is meant for the thread that drives the scheduler; it does not lock.
public final class TestableObserver<Element>: ObserverType {
    // Weak: the scheduler's pending actions may hold this observer (through a subscription), and a test that
    // leaves actions pending must still free both.
    private weak var scheduler: TestScheduler?

    /// Every event received so far, in order, stamped with the virtual time it arrived.
    public internal(set) var events: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Records `event` at the scheduler's current clock (`TestTime.min` if the scheduler is gone).
    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler?.clock ?? TestTime.min, value: event))
    }
}
