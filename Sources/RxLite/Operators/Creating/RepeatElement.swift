extension ObservableType {
    /// Emits `element` forever, one per action of the current-thread trampoline (see ``CurrentThreadScheduler``);
    /// cut it short with `take` or by disposing.
    ///
    /// [repeat](https://reactivex.io/documentation/operators/repeat.html)
    public static func repeatElement(_ element: Element) -> Observable<Element> {
        trampolined { { element } }
    }

    /// Emits `element` forever, one scheduled action each, on `scheduler`.
    public static func repeatElement(_ element: Element, scheduler: any ImmediateSchedulerType)
        -> Observable<Element>
    {
        Observable { sink, lifetime, _ in
            lifetime.insert(
                scheduler.scheduleRecursive(()) { _, recurse in
                    guard lifetime.isActive else { return }
                    sink.on(next: element)
                    recurse(())
                })
        }
    }
}
