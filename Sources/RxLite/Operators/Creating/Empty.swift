extension ObservableType {
    /// Completes at once, with no element.
    ///
    /// [empty](https://reactivex.io/documentation/operators/empty-never-throw.html)
    public static func empty() -> Observable<Element> {
        Observable { sink, _, _ in sink.onCompleted() }
    }

    /// Never emits and never ends.
    ///
    /// [never](https://reactivex.io/documentation/operators/empty-never-throw.html)
    public static func never() -> Observable<Element> {
        Observable { _, _, _ in }
    }

    /// Fails at once with `error`.
    ///
    /// [throw](https://reactivex.io/documentation/operators/empty-never-throw.html)
    public static func error(_ error: any Error) -> Observable<Element> {
        Observable { sink, _, _ in sink.on(error: error) }
    }
}
