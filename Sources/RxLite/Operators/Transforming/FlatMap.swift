extension ObservableType {
    /// Maps each element to a sequence and emits the elements of all of them as they arrive. Completes when this
    /// sequence and every inner one have completed; fails as soon as any fails.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    @inlinable
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = FlatMapStorage(sink: sink, selector: selector, lifetime: lifetime)
            source.subscribeChild(of: lifetime) { state.onOuter($0) }
        }
    }
}

/// `flatMap`'s storage: ``MergeStorage`` with the selector and the subscription's lifetime, so that the outer
/// upstream's sink captures this one object and allocates no context of its own (a closure capturing the selector,
/// the state and the lifetime did: one allocation per flatMap per subscription).
@usableFromInline
final class FlatMapStorage<Outer, Source: ObservableConvertibleType>: MergeStorage<Source.Element>,
    @unchecked Sendable
{
    /// Used and cleared only by ``onOuter(_:)`` (the outer upstream calls it one event at a time). Let go of at the
    /// outer end, so that a selector capturing something that holds an inner observer (and so this storage) makes
    /// no cycle once the outer sequence is done.
    @usableFromInline
    @exclusivity(unchecked) var selector: ((Outer) throws -> Source)?
    @usableFromInline
    let lifetime: Lifetime

    @inlinable
    init(sink: @escaping EventSink<Source.Element>, selector: @escaping (Outer) throws -> Source, lifetime: Lifetime) {
        self.selector = selector
        self.lifetime = lifetime
        super.init(sink: sink, running: 1)
    }

    /// Handles an event of the outer upstream.
    @inlinable
    func onOuter(_ event: Event<Outer>) {
        switch event {
        case .next(let element):
            let inner: Observable<Source.Element>
            guard let selector else { return }
            do { inner = try selector(element).asObservable() } catch {
                forward(.error(error))
                return
            }
            if let element = inner.justElement {
                // Ends during subscribe: emit its element, it never counts as running.
                emit(.next(element))
                return
            }
            guard addRunning() else { return }
            subscribeInner(inner, parent: lifetime)
        case .error(let error):
            selector = nil
            forward(.error(error))
        case .completed:
            selector = nil
            forward(.completed)
        }
    }
}
