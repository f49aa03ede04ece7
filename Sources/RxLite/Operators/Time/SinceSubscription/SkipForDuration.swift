extension ObservableType {
    /// Drops the source's elements until `duration` has passed since subscription, then emits the rest. Errors and
    /// completion go out whenever they come.
    ///
    /// ```
    /// source:          -a-b-c-d-e-|
    /// skip(4 frames):  -----c-d-e-|
    /// ```
    /// An element arriving at the very tick the time passes is dropped when it is seen before the timer.
    ///
    /// [skip](https://reactivex.io/documentation/operators/skip.html)
    public func skip(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let gate = SkipForDurationGate()
            lifetime.insert(
                scheduler.scheduleRelative(gate, dueTime: duration) { gate in
                    gate.isOpen.store(true, ordering: .releasing)
                    return Disposables.create()
                })
            source.runSubscription(
                { event in
                    if case .next = event, !gate.isOpen.load(ordering: .acquiring) { return }
                    sink(event)
                }, lifetime)
        }
    }
}

/// The state of `skip(_:scheduler:)`: one flag, closed until the timer opens it (its whole state machine).
final class SkipForDurationGate: Sendable {
    let live = LiveResource()
    let isOpen = RxAtomic<Bool>(false)

    init() {
    }
}
