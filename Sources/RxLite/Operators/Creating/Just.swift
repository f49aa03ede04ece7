extension Observable {
    /// Emits `element`, then completes.
    ///
    /// [just](https://reactivex.io/documentation/operators/just.html)
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Observable(justElement: element)
    }

    /// Emits `element` on `scheduler`, then completes.
    @inlinable
    public static func just(_ element: Element, scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            lifetime.insert(
                scheduler.schedule(element) { element in
                    guard lifetime.isActive else { return Disposables.create() }
                    sink(.next(element))
                    if lifetime.isActive { sink(.completed) }
                    return Disposables.create()
                })
        }
    }
}
