// The operators every primitive sequence has (Single, Maybe and Completable alike). Each one is the Observable
// operator of the same name applied to the wrapped sequence: none of them can change the trait's shape, so they
// inherit the Observable operator's semantics, release rules and tests unchanged.

extension PrimitiveSequence {
    /// Emits the outcome on `scheduler`. The element crosses threads there, so it must be `Sendable`.
    ///
    /// [observeOn](https://reactivex.io/documentation/operators/observeon.html)
    public func observe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element>
    where Element: Sendable {
        PrimitiveSequence(raw: source.observe(onAny: scheduler))
    }

    /// `observe(on:)` for an element that is not `Sendable`, as RxSwift has it: the same operator, without the
    /// compile-time check. The call warns (a deprecation) that nothing checks that the outcome may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func observe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(onAny: scheduler))
    }

    /// Subscribes to (and disposes) the sequence on `scheduler`; the outcome is delivered wherever the sequence
    /// produces it. As with ``ObservableType/subscribe(on:)-54v9i``, the element must be `Sendable`.
    ///
    /// [subscribeOn](https://reactivex.io/documentation/operators/subscribeon.html)
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element>
    where Element: Sendable {
        PrimitiveSequence(raw: source.uncheckedSubscribe(on: scheduler))
    }

    /// `subscribe(on:)` for an element that is not `Sendable`, as RxSwift has it: the same operator, without the
    /// compile-time check. The call warns (a deprecation) that nothing checks that the sequence may run, and produce
    /// its outcome, on the scheduler's thread; code whose element is `Sendable` gets the checked overload and no
    /// warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and the source then runs on the scheduler's thread: RxLite cannot check that this \
            is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func subscribe(on scheduler: any ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.uncheckedSubscribe(on: scheduler))
    }

    /// Emits this sequence's outcome; if it fails, the outcome of the sequence that `handler` returns for the error
    /// instead. An error thrown by `handler` is emitted. The failed sequence is released before `handler` runs.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    public func `catch`(_ handler: @escaping (any Error) throws -> PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: source.catch { try handler($0).asObservable() })
    }

    /// Subscribes up to `maxAttemptCount` times in all while the sequence fails; the last attempt's error is
    /// emitted. As in RxSwift, `retry(2)` is one retry after the first attempt, and `retry(0)` completes at once
    /// without subscribing.
    ///
    /// [retry](https://reactivex.io/documentation/operators/retry.html)
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Subscribes again each time the sequence fails and the sequence that `notificationHandler` made from the
    /// stream of errors emits an element; completes or fails when that sequence does.
    ///
    /// `notificationHandler` runs once per subscription, before the first attempt. Errors that are not of type
    /// `Error` are emitted as they are.
    ///
    /// [retry](https://reactivex.io/documentation/operators/retry.html)
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// Subscribes again each time the sequence fails and the sequence that `notificationHandler` made from the
    /// stream of errors emits an element; completes or fails when that sequence does.
    ///
    /// `notificationHandler` runs once per subscription, before the first attempt.
    ///
    /// [retry](https://reactivex.io/documentation/operators/retry.html)
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<any Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// Emits exactly what the sequence emits, printing each subscription, event and disposal, like
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)``.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// A sequence that makes a resource with `resourceFactory` on each subscription, emits the outcome of the
    /// sequence that `primitiveSequenceFactory` makes from it, and disposes the resource after that sequence is
    /// released (when it ends or on dispose). An error thrown by either factory is emitted.
    ///
    /// [using](https://reactivex.io/documentation/operators/using.html)
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(resourceFactory) { try primitiveSequenceFactory($0).asObservable() })
    }

    /// Emits the outcome, or fails with `RxError.timeout` when it has not come `dueTime` after subscription.
    ///
    /// ```
    /// source:              -----a|
    /// timeout(3 frames):   ---#
    /// ```
    ///
    /// [timeout](https://reactivex.io/documentation/operators/timeout.html)
    public func timeout(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Emits the outcome; when it has not come `dueTime` after subscription, drops this sequence and emits the
    /// outcome of `other` instead.
    ///
    /// ```
    /// source:                    -----a|
    /// other:                     b|
    /// timeout(3 frames, other):  ---(b|)
    /// ```
    ///
    /// [timeout](https://reactivex.io/documentation/operators/timeout.html)
    public func timeout(
        _ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: any SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.asObservable(), scheduler: scheduler))
    }

    /// Emits the element and the completion `dueTime` later, on `scheduler`; an error goes out at once. The element
    /// crosses to the scheduler's thread, so it must be `Sendable`.
    ///
    /// ```
    /// source:            -a|
    /// delay(2 frames):   ---a|
    /// ```
    ///
    /// [delay](https://reactivex.io/documentation/operators/delay.html)
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element>
    where Element: Sendable {
        PrimitiveSequence(raw: source.uncheckedDelay(dueTime, scheduler: scheduler))
    }

    /// `delay(_:scheduler:)` for an element that is not `Sendable`, as RxSwift has it: the same operator, without the
    /// compile-time check. The call warns (a deprecation) that nothing checks that the outcome may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func delay(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.uncheckedDelay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to the sequence once `dueTime` has passed, on `scheduler`. Disposing before then cancels the
    /// subscription that was to come.
    ///
    /// ```
    /// source (cold):                 -a|
    /// delaySubscription(3 frames):   ----a|
    /// ```
    ///
    /// [delay](https://reactivex.io/documentation/operators/delay.html)
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: any SchedulerType)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }
}

extension PrimitiveSequenceType where Element: FixedWidthInteger {
    /// A sequence that emits `0` once `dueTime` has passed, on `scheduler`.
    ///
    /// ```
    /// timer(3 frames):   ---(0|)
    /// ```
    ///
    /// [timer](https://reactivex.io/documentation/operators/timer.html)
    public static func timer(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> PrimitiveSequence<
        Trait, Element
    > {
        PrimitiveSequence(raw: Observable.timer(dueTime, scheduler: scheduler))
    }
}
