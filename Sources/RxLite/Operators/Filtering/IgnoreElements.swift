extension ObservableType {
    /// Emits no element; ends with the source's error or completion.
    ///
    /// Returns `Observable<Never>`, as RxSwift 6 does.
    ///
    /// [ignoreElements](https://reactivex.io/documentation/operators/ignoreelements.html)
    public func ignoreElements() -> Observable<Never> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            source.runSubscription(
                { event in
                    switch event {
                    case .next: break
                    case .error(let error): sink.on(error: error)
                    case .completed: sink.onCompleted()
                    }
                }, lifetime)
        }
    }
}
