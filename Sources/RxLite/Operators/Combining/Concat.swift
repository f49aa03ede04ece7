extension ObservableType {
    /// Emits every element of this sequence, then, once it completes, every element of `second`; completes when
    /// `second` does. An error from either is emitted and ends the sequence.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }
}

extension ObservableType {
    /// Emits every element of each source in turn, subscribing to the next one when the one before completes;
    /// completes after the last. An error from any source is emitted and ends the sequence.
    ///
    /// `sources` is iterated lazily, once per subscription, so it may be endless; it must allow more than one
    /// pass if the result is subscribed more than once. Sources that complete synchronously are chained in a loop,
    /// not by recursion, so any number of them can follow each other.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public static func concat<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Observable { sink, lifetime, _ in
            SourceChainStorage.make(sources.makeIterator(), advancingOn: .onCompletion, sink: sink, lifetime: lifetime)
                .subscribeNext()
        }
    }

    /// Emits every element of each source in turn; like the overload that takes a sequence of sources.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }
}
