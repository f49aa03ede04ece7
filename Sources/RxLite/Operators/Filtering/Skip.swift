extension ObservableType {
    /// Drops the first `count` elements and emits the rest; ends when the source ends.
    ///
    /// [skip](https://reactivex.io/documentation/operators/skip.html)
    public func skip(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "skip needs a count of zero or more")
        let source = asObservable()
        if count == 0 { return source }
        return Observable { sink, lifetime, _ in
            var remaining = count
            source.runSubscription(
                { event in
                    if case .next = event, remaining > 0 {
                        remaining -= 1
                        return
                    }
                    sink(event)
                }, lifetime)
        }
    }

    /// Drops elements while `predicate` holds, then emits every element from the first that fails it on (the
    /// predicate is not called again). A thrown error is emitted and ends the sequence; otherwise ends when the
    /// source ends.
    ///
    /// [skipWhile](https://reactivex.io/documentation/operators/skipwhile.html)
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            var isSkipping = true
            source.runSubscription(
                { event in
                    if isSkipping, case .next(let element) = event {
                        do { isSkipping = try predicate(element) } catch {
                            sink.on(error: error)
                            return
                        }
                        if isSkipping { return }
                    }
                    sink(event)
                }, lifetime)
        }
    }
}
