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
            let outer = FlatMapOuter(
                parent: lifetime, selector: flatMap.function,
                state: MergeStorage<Source.Element>.make(sink: sink, running: 1))
            flatMap.source.subscribeChild(outer, of: lifetime) { outer.on($0) }
        }
    }
}

/// The outer upstream's child lifetime in `flatMap`, which also handles its events. It holds the selector, so the
/// selector lives as long as the outer subscription, as when a closure captured it, and the sink closure captures
/// this one object and allocates no context of its own (that closure, capturing the selector, the state and the
/// lifetime, was one allocation per flatMap per subscription).
final class FlatMapOuter<Outer, Source: ObservableConvertibleType>: Lifetime, @unchecked Sendable {
    let selector: (Outer) throws -> Source
    let state: MergeStorage<Source.Element>

    init(parent: Lifetime, selector: @escaping (Outer) throws -> Source, state: MergeStorage<Source.Element>) {
        self.selector = selector
        self.state = state
        super.init(parent: parent)
    }

    /// Handles an event of the outer upstream; its end ends this child first (the rule "Consume a terminal, dispose its
    /// upstream").
    func on(_ event: Event<Outer>) {
        switch event {
        case .next(let element):
            let inner: Observable<Source.Element>
            do { inner = try selector(element).asObservable() } catch {
                state.forward(.error(error))
                return
            }
            if let element = inner.justElement {
                // Ends during subscribe: emit its element, it never counts as running.
                state.emit(.next(element))
                return
            }
            guard state.addRunning() else { return }
            state.subscribeInner(inner, parent: parent.unsafelyUnwrapped)
        case .error(let error):
            finishChild()
            state.forward(.error(error))
        case .completed:
            finishChild()
            state.forward(.completed)
        }
    }
}
