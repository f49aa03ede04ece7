extension ObservableType {
    /// Emits the source's elements; if it completes without any, emits `default` and completes.
    ///
    /// [defaultIfEmpty](https://reactivex.io/documentation/operators/defaultifempty.html)
    @inlinable
    public func ifEmpty(default: Element) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            var isEmpty = true
            source.runSubscription(
                { event in
                    switch event {
                    case .next: isEmpty = false
                    case .completed where isEmpty:
                        sink(.next(`default`))
                        guard lifetime.isActive else { return }
                    default: break
                    }
                    sink(event)
                }, lifetime)
        }
    }

    /// Emits the source's elements; if it completes without any, continues with the elements of `other`.
    ///
    /// The source is released before `other` is subscribed.
    ///
    /// [switchIfEmpty](https://reactivex.io/documentation/operators/defaultifempty.html)
    @inlinable
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            guard let sourceLifetime = lifetime.makeChild() else { return }
            var isEmpty = true
            source.runSubscription(
                { event in
                    switch event {
                    case .next: isEmpty = false
                    case .completed where isEmpty:
                        // The source's completion is swallowed: release it (rule 4).
                        sourceLifetime.finishChild()
                        guard lifetime.isActive else { return }
                        other.runSubscription(sink, lifetime)
                        return
                    default: break
                    }
                    sink(event)
                }, sourceLifetime)
        }
    }
}
