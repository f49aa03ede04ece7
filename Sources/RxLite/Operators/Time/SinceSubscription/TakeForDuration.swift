extension ObservableType {
    /// Emits the source's elements until `duration` has passed since subscription, then completes (on
    /// `scheduler`). Ends earlier when the source does.
    ///
    /// ```
    /// source:               -a-b-c-d-e-|
    /// take(for: 5 frames):  -a-b-(c|)   (c arrives on the boundary and is kept)
    /// ```
    ///
    /// The only state is "has the time passed", kept by the output: the timer sends `.completed` through the same
    /// serialized sink as the source, so the two never overlap.
    ///
    /// [take](https://reactivex.io/documentation/operators/take.html)
    public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let output = SerializedEmitter<Element, Void>.make(sink: sink, state: ())
            lifetime.insert(
                scheduler.scheduleRelative(output, dueTime: duration) { output in
                    if lifetime.isActive { output.emit(.completed) }
                    return Disposables.create()
                })
            guard lifetime.isActive else { return }
            source.runSubscription(output.emit, lifetime)
        }
    }
}
