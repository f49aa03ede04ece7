extension ObservableType {
    /// Emits the elements of the first source in `sequence`; when a source fails, continues with the next one.
    /// Completes when a source completes; when every source failed, emits the last error. An empty sequence
    /// completes at once.
    ///
    /// Each failed source is released before the next is subscribed; a source that fails during its own
    /// subscription moves a loop, not the stack, to the next one.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    public static func `catch`<Sources: Sequence>(sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Observable { sink, lifetime, _ in
            SourceChainStorage.make(sequence.makeIterator(), advancingOn: .onError, sink: sink, lifetime: lifetime)
                .subscribeNext()
        }
    }
}
