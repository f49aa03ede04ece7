extension ObservableType {
    /// Emits the source's elements; when the source fails with an error of type `TriggerError`, hands the error to
    /// the sequence `notificationHandler` built, and subscribes to the source again each time that sequence emits.
    /// When the trigger sequence completes or fails, so does the result; an error of another type is emitted at once.
    ///
    /// `notificationHandler` runs once per subscription, with the sequence of the source's errors; its result is
    /// subscribed before the source. As in RxSwift (which observes the trigger through a subject that listens only
    /// while a failure waits), a trigger element that arrives while the source runs is ignored, and a trigger that
    /// ended early ends the result at the next failure.
    ///
    /// ```swift
    /// request.retry(when: { errors in
    ///     errors.enumerated().flatMap { attempt, error in
    ///         attempt < 3 ? Observable<Int>.timer(.seconds(1), scheduler: scheduler) : .error(error)
    ///     }
    /// })
    /// ```
    ///
    /// [retry](https://reactivex.io/documentation/operators/retry.html)
    public func retry<TriggerObservable: ObservableType, TriggerError: Error>(
        when notificationHandler: @escaping (Observable<TriggerError>) -> TriggerObservable
    ) -> Observable<Element> {
        retryWhenTriggered(notificationHandler)
    }

    /// `retry(when:)` for any error: every error of the source goes to `notificationHandler`'s sequence.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<any Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retryWhenTriggered(notificationHandler)
    }
}
