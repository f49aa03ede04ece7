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
            let state = MergeStorage<Source.Element>(sink: sink, running: 1)
            source.subscribeChild(of: lifetime) { event in
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
                    state.subscribeInner(inner, parent: lifetime)
                case .error(let error): state.forward(.error(error))
                case .completed: state.forward(.completed)
                }
            }
        }
    }
}
