extension ObservableType {
    /// Subscribes to the source once `dueTime` has passed, on `scheduler`; events then flow as the source sends
    /// them. Disposing before then cancels the subscription that was to come.
    ///
    /// ```
    /// source (cold):                 -a-b|
    /// delaySubscription(3 frames):   ----a-b|
    /// ```
    ///
    /// [delay](https://reactivex.io/documentation/operators/delay.html)
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            lifetime.insert(
                scheduler.scheduleRelative((), dueTime: dueTime) { _ in
                    if lifetime.isActive { source.subscribeTopLevel(sink, lifetime) }
                    return Disposables.create()
                })
        }
    }
}
