extension ObservableType {
    /// Emits the source's only element and completes when the source does. Fails with
    /// ``RxError/moreThanOneElement`` as soon as a second element arrives, and with ``RxError/noElements`` if the
    /// source completes without one.
    ///
    /// [first](https://reactivex.io/documentation/operators/first.html)
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// Emits the only element that satisfies `predicate` and completes when the source does. Fails with
    /// ``RxError/moreThanOneElement`` as soon as a second one arrives, with ``RxError/noElements`` if the source
    /// completes without one, and with an error `predicate` throws.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            var hasElement = false
            source.runSubscription(
                { event in
                    switch event {
                    case .next(let element):
                        let matches: Bool
                        do { matches = try predicate(element) } catch {
                            sink.on(error: error)
                            return
                        }
                        guard matches else { return }
                        if hasElement {
                            sink.on(error: RxError.moreThanOneElement)
                            return
                        }
                        hasElement = true
                        sink(event)
                    case .error: sink(event)
                    case .completed: sink(hasElement ? .completed : .error(RxError.noElements))
                    }
                }, lifetime)
        }
    }
}
