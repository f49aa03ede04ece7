extension ObservableType {
    /// Emits the elements in order, then completes, one element per action of the current-thread trampoline (see
    /// ``CurrentThreadScheduler``), as RxSwift does.
    ///
    /// [from](https://reactivex.io/documentation/operators/from.html)
    public static func of(_ elements: Element...) -> Observable<Element> {
        from(elements)
    }

    /// Emits the elements in order on `scheduler`, then completes.
    public static func of(_ elements: Element..., scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// Emits the elements of `sequence` in order, then completes. Stops iterating as soon as the subscription ends,
    /// so an endless sequence can be cut short by `take`.
    ///
    /// [from](https://reactivex.io/documentation/operators/from.html)
    public static func from<Source: Sequence>(_ sequence: Source) -> Observable<Element>
    where Source.Element == Element {
        // The lifetime is checked before each element is pulled, so a lazy or endless sequence is not asked for one
        // more element than the subscriber takes.
        trampolined {
            var iterator = sequence.makeIterator()
            return { iterator.next() }
        }
    }

    /// Emits the elements of `sequence` in order, one scheduled action each, on `scheduler`, then completes.
    public static func from<Source: Sequence>(_ sequence: Source, scheduler: any ImmediateSchedulerType)
        -> Observable<Element>
    where Source.Element == Element {
        Observable { sink, lifetime, _ in
            var iterator = sequence.makeIterator()
            lifetime.insert(
                scheduler.scheduleRecursive(()) { _, recurse in
                    guard lifetime.isActive else { return }
                    if let element = iterator.next() {
                        sink.on(next: element)
                        recurse(())
                    } else {
                        sink.onCompleted()
                    }
                })
        }
    }

    /// Emits the element of `optional` if there is one, then completes.
    public static func from(optional: Element?) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            if let element = optional { sink.on(next: element) }
            if lifetime.isActive { sink.onCompleted() }
        }
    }

    /// Emits the element of `optional`, if there is one, and completes, each as one scheduled action on
    /// `scheduler`.
    public static func from(optional: Element?, scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        from(optional.map { [$0] } ?? [], scheduler: scheduler)
    }
}

extension ObservableType {
    /// A source that emits what `makeNext()`'s function returns, one element per action of the current-thread
    /// trampoline (RxSwift's `scheduleRecursive` on `CurrentThreadScheduler`), and completes on its first `nil` in an
    /// action of its own, or fails with what it throws. `makeNext` runs once per subscription.
    static func trampolined(_ makeNext: @escaping () -> () throws -> Element?) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            let next = makeNext()
            TrampolinedEmission.start {
                guard lifetime.isActive else { return false }
                do {
                    if let element = try next() {
                        sink.on(next: element)
                        return true
                    }
                    sink.onCompleted()
                } catch {
                    sink.on(error: error)
                }
                return false
            }
        }
    }
}
