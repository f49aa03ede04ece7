extension ObservableType {
    /// Emits the source's elements; if it completes without any, emits `default` and completes.
    ///
    /// [defaultIfEmpty](https://reactivex.io/documentation/operators/defaultifempty.html)
    public func ifEmpty(default: Element) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            source.runSubscription(sink, lifetime) {
                sink.on(next: `default`)
                if lifetime.isActive { sink.onCompleted() }
            }
        }
    }

    /// Emits the source's elements; if it completes without any, continues with the elements of `other`.
    ///
    /// The source is released before `other` is subscribed.
    ///
    /// [switchIfEmpty](https://reactivex.io/documentation/operators/defaultifempty.html)
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            guard let sourceLifetime = lifetime.makeChild() else { return }
            source.runSubscription(sink, sourceLifetime) {
                // The source's completion is swallowed: release it (the rule "Consume a terminal, dispose its
                // upstream").
                sourceLifetime.finishChild()
                if lifetime.isActive { other.runSubscription(sink, lifetime) }
            }
        }
    }
}

extension Observable {
    /// Runs this sequence into `sink` under `lifetime`, except that a completion with no element before it is not
    /// passed on: `whenCompletedEmpty` runs instead. Both `ifEmpty` forms differ only in what that does.
    func runSubscription(
        _ sink: EventSink<Element>, _ lifetime: Lifetime, whenCompletedEmpty: @escaping () -> Void
    ) {
        var isEmpty = true
        runSubscription(
            { event in
                switch event {
                case .next: isEmpty = false
                case .completed where isEmpty:
                    whenCompletedEmpty()
                    return
                default: break
                }
                sink(event)
            }, lifetime)
    }
}
