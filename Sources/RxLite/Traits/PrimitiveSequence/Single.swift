/// The trait of ``Single``.
public enum SingleTrait {}

/// A sequence that emits exactly one element, or fails.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` delivers: its element or its error.
public typealias SingleEvent<Element> = Result<Element, any Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The callback that `Single.create` hands out; call it once, from any thread (it is `@Sendable`, so a
    /// completion handler of a callback API can capture it).
    public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

    /// A single made by `subscribe`, which gets a callback to call once with the result and returns what to
    /// dispose. Calls after the first are ignored; what `subscribe` returned is disposed once the result has been
    /// delivered, or on dispose.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> any Disposable) -> Single<Element> {
        Single(
            raw: Observable { sink, lifetime, _ in
                let observer = CreateObserver.make(sink: sink, lifetime: lifetime, releasesOnEnd: true)
                observer.hold(
                    subscribe { result in
                        switch result {
                        case .success(let element): observer.onLast(element)
                        case .failure(let error): observer.on(.error(error))
                        }
                    })
            })
    }

    /// A single that emits `element`.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// A single that emits `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Subscribes `observer` to the result. Called from an actor-isolated context, `observer` runs isolated to
    /// that actor, as with ``ObservableConvertibleType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)``.
    @discardableResult
    public func subscribe(
        _ observer: @escaping (SingleEvent<Element>) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            onNext: { observer(.success($0)) }, onError: { observer(.failure($0)) }, isolation: isolation, file: file,
            line: line)
    }

    /// Subscribes closures for the element, the failure and disposal; all are optional. Called from an
    /// actor-isolated context, they run isolated to that actor.
    @discardableResult
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((any Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            onNext: onSuccess, onError: onFailure, onDisposed: onDisposed, isolation: isolation, file: file, line: line)
    }

    /// Subscribes closures that receive `object` weakly; results after `object` is gone are ignored. Called from an
    /// actor-isolated context, they run isolated to that actor.
    @discardableResult
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, any Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            with: object, onNext: onSuccess, onError: onFailure, onDisposed: onDisposed, isolation: isolation,
            file: file, line: line)
    }

    /// Emits `transform(element)`; a thrown error is emitted.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: primitiveSequence.asObservable().map(transform))
    }

    /// Emits the result of the single that `selector` returns for the element.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single(raw: primitiveSequence.asObservable().flatMap { try selector($0).asObservable() })
    }

    /// Emits exactly what the single emits, calling the given closures along the way; all are optional.
    ///
    /// `onSuccess` and `onError` run before the outcome is passed on, `afterSuccess` and `afterError` after it. An
    /// error thrown by `onSuccess`, `afterSuccess` or `onError` is emitted in place of the outcome (or, from
    /// `afterSuccess`, in place of the completion); one thrown by `afterError` is dropped. `onSubscribe` runs before
    /// the single is subscribed, `onSubscribed` after; `onDispose` once when the subscription ends, by its outcome
    /// or by disposal.
    ///
    /// [do](https://reactivex.io/documentation/operators/do.html)
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((any Error) throws -> Void)? = nil,
        afterError: ((any Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        Single(
            raw: primitiveSequence.asObservable().do(
                onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Emits the element if `predicate` accepts it, otherwise completes empty; a thrown error is emitted.
    ///
    /// [filter](https://reactivex.io/documentation/operators/filter.html)
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        asMaybe().filter(predicate)
    }

    /// Emits `transform(element)`, or completes empty when it is `nil`; a thrown error is emitted.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        asMaybe().compactMap(transform)
    }

    /// Emits the outcome of the maybe that `selector` returns for the element.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        asMaybe().flatMap(selector)
    }

    /// Completes or fails as the completable that `selector` returns for the element does.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: primitiveSequence.asObservable().flatMap { try selector($0).asObservable() })
    }

    /// Emits the element; if the single fails, emits `element` instead.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        Single(raw: primitiveSequence.asObservable().catchAndReturn(element))
    }

    /// The single as a ``Maybe`` that always succeeds with an element or fails.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.asObservable())
    }

    /// The single as a ``Completable``: completes when it succeeds, dropping the element.
    public func asCompletable() -> Completable {
        primitiveSequence.asObservable().ignoreElements().asCompletable()
    }
}
