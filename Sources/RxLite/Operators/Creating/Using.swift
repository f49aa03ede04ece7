extension ObservableType {
    /// For each subscription, makes a resource with `resourceFactory` and emits the events of the sequence that
    /// `observableFactory` builds from it; the resource is disposed when the subscription ends (after the
    /// sequence's subscription). An error thrown by either factory is emitted.
    ///
    /// [using](https://reactivex.io/documentation/operators/using.html)
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            // Made before the resource is inserted, so the lifetime disposes the subscription first (RxSwift's
            // order: the sequence may still use the resource while it stops).
            guard let child = lifetime.makeChild() else { return }
            let source: Observable<Element>
            do {
                let resource = try resourceFactory()
                lifetime.insert(resource)
                source = try observableFactory(resource)
            } catch {
                sink.on(error: error)
                return
            }
            guard lifetime.isActive else { return }
            source.runSubscription(sink, child)
        }
    }
}
