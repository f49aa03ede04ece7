extension ObservableType {
    /// Maps each element to a sequence and emits the elements of all of them as they arrive. Completes when this
    /// sequence and every inner one have completed; fails as soon as any fails.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        UnaryOperatorObservable(asObservable(), selector) { sink, lifetime, observable in
            let flatMap = UnaryOperatorObservable<Element, Source.Element, Element, Source>.of(observable)
            let child = Lifetime.make(parent: lifetime)
            let outer = FlatMapOuterSink(
                child: child, selector: flatMap.function,
                state: MergeStorage<Source.Element>.make(sink: sink, running: 1))
            flatMap.source.subscribeChild(child, of: lifetime, outer)
        }
    }
}

/// The sink of `flatMap`'s outer upstream, which it subscribed with `child`. It holds the selector, so the selector
/// lives as long as the outer subscription.
final class FlatMapOuterSink<Outer, Source: ObservableConvertibleType>: EventSink<Outer> {
    let child: Lifetime
    let selector: (Outer) throws -> Source
    let state: MergeStorage<Source.Element>

    init(child: Lifetime, selector: @escaping (Outer) throws -> Source, state: MergeStorage<Source.Element>) {
        self.child = child
        self.selector = selector
        self.state = state
    }

    override func on(next element: Outer) {
        let inner: Observable<Source.Element>
        do { inner = try selector(element).asObservable() } catch {
            state.emit(error: error)
            return
        }
        // A `just` ends during subscribe: its element is emitted, and it never counts as running.
        if inner.withJustElement({ state.emit(next: $0) }) { return }
        state.subscribeInner(inner, parent: child.parent.unsafelyUnwrapped)
    }

    /// The outer upstream's end ends its child first (the rule "Consume a terminal, dispose its upstream").
    override func on(error: any Error) {
        child.finishChild()
        state.emit(error: error)
    }

    override func onCompleted() {
        child.finishChild()
        state.forwardCompletion()
    }
}
