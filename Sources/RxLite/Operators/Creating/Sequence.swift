extension Observable {
    /// Emits the elements in order, then completes.
    ///
    /// [from](https://reactivex.io/documentation/operators/from.html)
    @inlinable
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// Emits the elements in order on `scheduler`, then completes.
    @inlinable
    public static func of(_ elements: Element..., scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// Emits the elements of `sequence` in order, then completes. Stops iterating as soon as the subscription ends,
    /// so an endless sequence can be cut short by `take`.
    ///
    /// [from](https://reactivex.io/documentation/operators/from.html)
    @inlinable
    public static func from<Source: Sequence>(_ sequence: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable { sink, lifetime, _ in
            // The lifetime is checked before each element is pulled, so a lazy or endless sequence is not asked
            // for one more element than the subscriber takes.
            var iterator = sequence.makeIterator()
            while lifetime.isActive, let element = iterator.next() {
                sink(.next(element))
            }
            if lifetime.isActive { sink(.completed) }
        }
    }

    /// Emits the elements of `sequence` in order, one scheduled action each, on `scheduler`, then completes.
    @inlinable
    public static func from<Source: Sequence>(_ sequence: Source, scheduler: some ImmediateSchedulerType)
        -> Observable<Element>
    where Source.Element == Element {
        Observable { sink, lifetime, _ in
            var iterator = sequence.makeIterator()
            lifetime.insert(
                scheduler.scheduleRecursive(()) { _, recurse in
                    guard lifetime.isActive else { return }
                    if let element = iterator.next() {
                        sink(.next(element))
                        recurse(())
                    } else {
                        sink(.completed)
                    }
                })
        }
    }

    /// Emits the element of `optional` if there is one, then completes.
    @inlinable
    public static func from(optional: Element?) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            if let element = optional { sink(.next(element)) }
            if lifetime.isActive { sink(.completed) }
        }
    }

    /// Emits the element of `optional`, if there is one, and completes, each as one scheduled action on
    /// `scheduler`.
    @inlinable
    public static func from(optional: Element?, scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        from(optional.map { [$0] } ?? [], scheduler: scheduler)
    }
}
