extension ObservableType {
    /// Emits each element with its index, counting from 0 for each subscription.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            var index = 0
            source.runSubscription(
                { event in
                    switch event {
                    case .next(let element):
                        let current = index
                        index += 1
                        sink.on(next: (index: current, element: element))
                    case .error(let error): sink.on(error: error)
                    case .completed: sink.onCompleted()
                    }
                }, lifetime)
        }
    }
}
