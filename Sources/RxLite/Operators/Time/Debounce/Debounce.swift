import Foundation

extension ObservableType where Element: Sendable {
    /// Emits an element once `dueTime` has passed without a newer one.
    ///
    /// Elements go out on `scheduler`, so they must be `Sendable`. Completion sends the waiting element at once,
    /// then completes; an error goes out at once and drops the waiting element.
    ///
    /// ```
    /// source:               a-b-c------d---|
    /// debounce(3 frames):   -------c------d(|)   ("d" waits 3 frames; completion flushes nothing)
    /// ```
    /// No timer is allocated per element: one deadline moves with each element, and the one outstanding timer is
    /// re-armed only when it fires before that deadline. A burst of a million elements costs two timers.
    ///
    /// [debounce](https://reactivex.io/documentation/operators/debounce.html)
    @inlinable
    public func debounce<Scheduler: SchedulerType>(_ dueTime: RxTimeInterval, scheduler: Scheduler) -> Observable<
        Element
    > {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = TimedMachineStorage(
                machine: DebounceStateMachine(dueTime: dueTime.timeInterval), scheduler: scheduler, lifetime: lifetime,
                sink: sink)
            lifetime.insert(state)
            source.runSubscription(state.on, lifetime)
        }
    }
}
