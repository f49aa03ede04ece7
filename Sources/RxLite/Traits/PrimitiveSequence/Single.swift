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
    @inlinable
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> any Disposable) -> Single<Element> {
        Single(
            raw: Observable { sink, lifetime, _ in
                let observer = CreateObserver(sink: sink, lifetime: lifetime, releasesOnEnd: true)
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
    @inlinable
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// Subscribes `observer` to the result.
    @inlinable
    @discardableResult
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            onNext: { observer(.success($0)) }, onError: { observer(.failure($0)) })
    }

    /// Subscribes closures for the element, the failure and disposal; all are optional.
    @inlinable
    @discardableResult
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((any Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` weakly; results after `object` is gone are ignored.
    @inlinable
    @discardableResult
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, any Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            with: object, onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// Emits `transform(element)`; a thrown error is emitted.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: primitiveSequence.asObservable().map(transform))
    }

    /// Emits the result of the single that `selector` returns for the element.
    @inlinable
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single(raw: primitiveSequence.asObservable().flatMap { try selector($0).asObservable() })
    }

    /// The single as a ``Maybe`` that always succeeds with an element or fails.
    @inlinable
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.asObservable())
    }

    /// The single as a ``Completable``: completes when it succeeds, dropping the element.
    @inlinable
    public func asCompletable() -> Completable {
        primitiveSequence.asObservable().ignoreElements().asCompletable()
    }
}
