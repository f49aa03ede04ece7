extension ObservableType where Element: Sendable {
    /// Subscribes to this sequence (and disposes that subscription) on `scheduler`; events are delivered wherever
    /// the source produces them. A source that ends by itself is disposed on `scheduler` too, after its end has been
    /// delivered, as RxSwift does: a source's teardown always runs where its setup ran.
    ///
    /// [subscribeOn](https://reactivex.io/documentation/operators/subscribeon.html)
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        uncheckedSubscribe(on: scheduler)
    }
}

extension ObservableType {
    /// `subscribe(on:)` for an element that is not `Sendable`, as RxSwift has it: the same operator, without the
    /// compile-time check. The call warns (a deprecation) that nothing checks that the source may run, and produce
    /// its elements, on the scheduler's thread; code whose element is `Sendable` gets the checked overload and no
    /// warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and the source then runs on the scheduler's thread: RxLite cannot check that this \
            is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        uncheckedSubscribe(on: scheduler)
    }

    /// What both `subscribe(on:)` overloads build.
    package func uncheckedSubscribe(on scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let inner = Lifetime.make()
            let scheduled = scheduler.schedule(()) { _ in
                // A stop event ends `lifetime`, whose disposal below hands `inner` to the scheduler.
                source.subscribeTopLevel(sink, inner)
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
