extension ObservableType where Element: Equatable {
    /// Emits an element only when it differs from the element emitted just before it; ends when the source ends.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: { $0 == $1 })
    }
}

extension ObservableType {
    /// Emits an element only when its key differs from the key of the element emitted just before it. A thrown
    /// error is emitted and ends the sequence; otherwise ends when the source ends.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
        -> Observable<Element>
    {
        distinctUntilChanged(keySelector, comparer: { $0 == $1 })
    }

    /// Emits an element only when `comparer` says it is not equal to the element emitted just before it. A thrown
    /// error is emitted and ends the sequence; otherwise ends when the source ends.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        distinctUntilChanged({ $0 }, comparer: comparer)
    }

    /// Emits an element only when the value at `keyPath` differs from that of the element emitted just before it;
    /// ends when the source ends.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
        -> Observable<Element>
    {
        distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: { $0 == $1 })
    }

    /// Emits an element only when `comparer` says its key is not equal to the key of the element emitted just
    /// before it. A thrown error is emitted and ends the sequence; otherwise ends when the source ends.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            var lastKey: Key?
            source.runSubscription(
                { event in
                    guard case .next(let element) = event else {
                        sink(event)
                        return
                    }
                    do {
                        let key = try keySelector(element)
                        if let previous = lastKey, try comparer(previous, key) { return }
                        lastKey = key
                    } catch {
                        sink.on(error: error)
                        return
                    }
                    sink(event)
                }, lifetime)
        }
    }
}
