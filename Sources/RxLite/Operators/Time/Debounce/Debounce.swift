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
    public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<
        Element
    > {
        uncheckedDebounce(dueTime, scheduler: scheduler)
    }
}

extension ObservableType {
    /// `debounce(_:scheduler:)` for an element that is not `Sendable`, as RxSwift has it: the same operator, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<
        Element
    > {
        uncheckedDebounce(dueTime, scheduler: scheduler)
    }

    /// What both `debounce(_:scheduler:)` overloads build.
    func uncheckedDebounce<Scheduler: SchedulerType>(_ dueTime: RxTimeInterval, scheduler: Scheduler) -> Observable<
        Element
    > {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = TimedMachineStorage(
                scheduler: scheduler, lifetime: lifetime, sink: sink,
                machine: DebounceStateMachine<Element?>(dueTime: dueTime.timeInterval))
            lifetime.insert(object: state)
            source.runSubscription(TimedMachineSink(storage: state, child: nil), lifetime)
        }
    }
}
