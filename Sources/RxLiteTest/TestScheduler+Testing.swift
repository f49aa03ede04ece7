import RxLite

extension TestScheduler {
    /// A hot observable that sends `events` at their absolute times, to whoever is subscribed then.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(scheduler: self, temperature: .hot, recordedEvents: events)
    }

    /// A cold observable that sends `events` to each subscriber, at its subscription time plus each event's time.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        TestableObservable(scheduler: self, temperature: .cold, recordedEvents: events)
    }

    /// An observer that records what it receives with this scheduler's clock.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Calls `create` (and its result's `asObservable()`) at `created`, subscribes to that observable at
    /// `subscribed`, disposes that subscription at `disposed`, runs the scheduler until nothing is left, and returns
    /// the observer that recorded the events, as RxTest's does. The observer records what the observable delivers:
    /// through `asObservable()`, a test observable ends at its first terminal event.
    ///
    /// These three actions are scheduled at their exact times (no processing delay), before anything the test
    /// schedules from now on, so they run first at their ticks: a hot event at 200 is missed by the subscription
    /// at 200 only when it was created before `start` was called. The clock ends at the last action run.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime, subscribed: TestTime, disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: (any Disposable)?
        let observer = createObserver(Element.self)
        scheduleAt(created) { source = create().asObservable() }
        scheduleAt(subscribed) { subscription = source?.subscribe(observer) }
        scheduleAt(disposed) { subscription?.dispose() }
        start()
        return observer
    }

    /// `start(created: 100, subscribed: 200, disposed: disposed, create: create)`.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime, create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// `start(created: 100, subscribed: 200, disposed: 1000, create: create)`.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(
            created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed, create: create)
    }
}
