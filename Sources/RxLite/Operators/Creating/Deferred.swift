extension ObservableType {
    /// Calls `factory` on every subscription and subscribes to the sequence it returns; a thrown error is emitted.
    ///
    /// [defer](https://reactivex.io/documentation/operators/defer.html)
    public static func deferred(_ factory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            do {
                try factory().runSubscription(sink, lifetime)
            } catch {
                sink.on(error: error)
            }
        }
    }
}
