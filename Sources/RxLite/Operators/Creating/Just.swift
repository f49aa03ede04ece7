extension ObservableType {
    /// Emits `element`, then completes.
    ///
    /// [just](https://reactivex.io/documentation/operators/just.html)
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        // Inlined so that the app, which knows `Element`, makes the object: made here, compiled once, it looked up
        // `JustObservable<Element>`'s metadata each time, and operators such as `flatMap { .just($0) }` make one
        // per event. The body is the one call, so the app compiles nothing more.
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
                        sink.onCompleted()
                        return
                    }
                    pending = nil
                    sink.on(next: element)
                    recurse(())
                })
        }
    }
}

/// The observable of ``Observable/just(_:)``: its element, which ``Observable/withJustElement(_:)`` hands out, and a handler that
/// captures nothing (it reads the element from the observable it is handed).
@usableFromInline
final class JustObservable<Element>: Observable<Element> {
    let element: Element

    @usableFromInline
    init(_ element: Element) {
        self.element = element
        super.init(isJust: true) { sink, lifetime, observable in
            // Through the subclass's own method: reading its field from here looked up its metadata.
            _ = observable.withJustElement { sink.on(next: $0) }
            if lifetime.isActive { sink.onCompleted() }
        }
    }

    override func withJustElement(_ body: (Element) -> Void) -> Bool {
        body(element)
        return true
    }
}
