extension ObservableType {
    /// Emits the source's elements; if the source fails, emits the elements of the sequence that `handler` returns
    /// for the error instead, and ends when that sequence ends. An error thrown by `handler` is emitted.
    ///
    /// The failed source is released before `handler` runs.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    public func `catch`(_ handler: @escaping (any Error) throws -> Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            guard let sourceLifetime = lifetime.makeChild() else { return }
            source.runSubscription(
                { event in
                    guard case .error(let error) = event else {
                        sink(event)
                        return
                    }
                    // The source's error is swallowed here: release the source (the rule "Consume a terminal, dispose
                    // its upstream").
                    sourceLifetime.finishChild()
                    let fallback: Observable<Element>
                    do { fallback = try handler(error) } catch {
                        sink(.error(error))
                        return
                    }
                    guard lifetime.isActive else { return }
                    fallback.subscribeTopLevel(sink, lifetime)
                }, sourceLifetime)
        }
    }

    /// Emits the source's elements; if the source fails, emits `element` and completes.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        `catch` { _ in .just(element) }
    }
}
