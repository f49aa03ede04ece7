import Foundation

extension ObservableType where Element: Sendable {
    /// Emits the first element at once, then at most one element per `dueTime`.
    ///
    /// Each element that goes out opens a window of `dueTime`. With `latest: true` the last element that arrived
    /// inside the window goes out when the window ends (and opens the next window); with `latest: false` elements
    /// inside the window are dropped. Elements delivered at a window's end are delivered on `scheduler`, so they
    /// must be `Sendable`. On completion a waiting element still goes out at its window's end, then completion; an
    /// error goes out at once and drops the waiting element.
    ///
    /// ```
    /// source:                   a-b-c-----d--e|
    /// throttle(3 frames):       a--b--c---d--e|   (a window is 3 frames: b waits for a's window to end,
    ///                                              c for b's; d and e arrive after the window and go out at once)
    /// ```
    /// A burst inside one window arms one timer, not one per element.
    ///
    /// [throttle](https://reactivex.io/documentation/operators/sample.html)
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType
    ) -> Observable<Element> {
        uncheckedThrottle(dueTime, latest: latest, scheduler: scheduler)
    }
}

extension ObservableType {
    /// `throttle(_:latest:scheduler:)` for an element that is not `Sendable`, as RxSwift has it: the same operator,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType
    ) -> Observable<Element> {
        uncheckedThrottle(dueTime, latest: latest, scheduler: scheduler)
    }

    /// What both `throttle(_:latest:scheduler:)` overloads build.
    func uncheckedThrottle<Scheduler: SchedulerType>(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: Scheduler
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = TimedMachineStorage(
                scheduler: scheduler, lifetime: lifetime, sink: sink,
                machine: ThrottleStateMachine<Element?>(dueTime: dueTime.timeInterval, latest: latest))
            lifetime.insert(object: state)
            source.subscribeChild(of: lifetime) { TimedMachineSink(storage: state, child: $0) }
        }
    }
}
