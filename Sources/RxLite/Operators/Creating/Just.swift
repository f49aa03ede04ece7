extension ObservableType {
    /// Emits `element`, then completes.
    ///
    /// [just](https://reactivex.io/documentation/operators/just.html)
    public static func just(_ element: Element) -> Observable<Element> {
        JustObservable(element)
    }

    /// Emits `element` on `scheduler`, then completes in a second scheduled action, as RxSwift does (with a test
    /// scheduler: the element at 201, the completion at 202).
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            var pending: Element? = element
            lifetime.insert(
                scheduler.scheduleRecursive(()) { _, recurse in
                    guard lifetime.isActive else { return }
                    guard let element = pending else {
                        sink(.completed)
                        return
                    }
                    pending = nil
                    sink(.next(element))
                    recurse(())
                })
        }
    }
}
