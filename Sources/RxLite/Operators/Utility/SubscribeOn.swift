extension ObservableType where Element: Sendable {
    /// Subscribes to this sequence (and disposes that subscription) on `scheduler`; events are delivered wherever
    /// the source produces them. A source that ends by itself is let go of right after its end is delivered, on the
    /// thread that delivered it.
    ///
    /// [subscribeOn](https://reactivex.io/documentation/operators/subscribeon.html)
    @inlinable
    public func subscribe(on scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let inner = Lifetime()
            let scheduled = scheduler.schedule(()) { _ in
                source.subscribeTopLevel(
                    { event in
                        sink(event)
                        if event.isStopEvent { inner.dispose() }
                    }, inner)
                return Disposables.create()
            }
            lifetime.insert(scheduled)
            lifetime.insert {
                _ = scheduler.schedule(inner) { inner in
                    inner.dispose()
                    return Disposables.create()
                }
            }
        }
    }
}
