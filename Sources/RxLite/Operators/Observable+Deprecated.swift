// RxSwift 6's deprecated spellings of the Observable operators (RxSwift 5's names), kept so that code written for
// RxSwift 5 still compiles after the import changes, with the same deprecation warnings RxSwift gives.

extension ObservableType {
    /// Deprecated spelling of ``ObservableType/observe(on:)-6qfjf``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        observe(onAny: scheduler)
    }

    /// Deprecated spelling of ``ObservableType/subscribe(on:)-54v9i``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: any ImmediateSchedulerType) -> Observable<Element> {
        uncheckedSubscribe(on: scheduler)
    }

    /// Deprecated spelling of ``ObservableType/catch(_:)``.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (any Error) throws -> Observable<Element>) -> Observable<Element> {
        `catch`(handler)
    }

    /// Deprecated spelling of ``ObservableType/catchAndReturn(_:)``.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// Deprecated spelling of ``ObservableType/catch(sequence:)``.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sources: Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Observable<Element>.catch(sequence: sequence)
    }

    /// Deprecated spelling of ``ObservableType/take(for:scheduler:)``.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: any SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }

    /// Deprecated spelling of ``ObservableType/take(until:)``.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Other: ObservableType>(_ other: Other) -> Observable<Element> {
        take(until: other)
    }

    /// Deprecated spelling of `take(until:behavior:)`.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(_ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool)
        -> Observable<Element>
    {
        take(until: predicate, behavior: behavior)
    }

    /// Deprecated spelling of `take(while:)`.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate)
    }

    /// Deprecated spelling of ``ObservableType/skip(until:)``.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Other: ObservableType>(_ other: Other) -> Observable<Element> {
        skip(until: other)
    }

    /// Deprecated spelling of ``ObservableType/skip(while:)``.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }

    /// Deprecated spelling of `retry(when:)`, for a trigger built from errors of one type.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, TriggerError: Error>(
        _ notificationHandler: @escaping (Observable<TriggerError>) -> TriggerObservable
    ) -> Observable<Element> {
        retryWhenTriggered(notificationHandler)
    }

    /// Deprecated spelling of `retry(when:)`, for a trigger built from every error.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<any Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retryWhenTriggered(notificationHandler)
    }
}
