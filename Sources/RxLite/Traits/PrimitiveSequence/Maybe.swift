/// The trait of ``Maybe``.
public enum MaybeTrait {}

/// A sequence that emits one element, or completes with none, or fails.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` delivers.
@frozen
public enum MaybeEvent<Element> {
    /// The one element; nothing follows.
    case success(Element)
    /// The failure; nothing follows.
    case error(any Error)
    /// Completion without an element.
    case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The callback that `Maybe.create` hands out; call it once, from any thread (it is `@Sendable`, so a
    /// completion handler of a callback API can capture it).
    public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

    /// A maybe made by `subscribe`, which gets a callback to call once and returns what to dispose. Calls after
    /// the first are ignored; what `subscribe` returned is disposed once the outcome has been delivered, or on
    /// dispose.
    @inlinable
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> any Disposable) -> Maybe<Element> {
        Maybe(
            raw: Observable { sink, lifetime, _ in
                let observer = CreateObserver(sink: sink, lifetime: lifetime, releasesOnEnd: true)
                observer.hold(
                    subscribe { event in
                        switch event {
                        case .success(let element): observer.onLast(element)
                        case .error(let error): observer.on(.error(error))
                        case .completed: observer.on(.completed)
                        }
                    })
            })
    }

    /// A maybe that emits `element`.
    @inlinable
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A maybe that completes with no element.
    @inlinable
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }

    /// Subscribes `observer` to the outcome.
    @inlinable
    @discardableResult
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> any Disposable {
        // A success is the element followed by completion; only the first of the two is reported.
        var hasElement = false
        return primitiveSequence.asObservable().subscribe(
            onNext: { element in
                hasElement = true
                observer(.success(element))
            },
            onError: { observer(.error($0)) },
            onCompleted: { if !hasElement { observer(.completed) } })
    }

    /// Subscribes closures for the element, the failure, completion without an element, and disposal.
    @inlinable
    @discardableResult
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        var hasElement = false
        return primitiveSequence.asObservable().subscribe(
            onNext: { element in
                hasElement = true
                onSuccess?(element)
            },
            onError: onFailure,
            onCompleted: { if !hasElement { onCompleted?() } },
            onDisposed: onDisposed)
    }

    /// Emits `transform(element)`; a thrown error is emitted.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.asObservable().map(transform))
    }

    /// The maybe as a ``Completable``, dropping the element.
    @inlinable
    public func asCompletable() -> Completable {
        primitiveSequence.asObservable().ignoreElements().asCompletable()
    }
}
