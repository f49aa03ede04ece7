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
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> any Disposable) -> Maybe<Element> {
        Maybe(
            raw: Observable { sink, lifetime, _ in
                let observer = CreateObserver.make(sink: sink, lifetime: lifetime, releasesOnEnd: true)
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
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// A maybe that completes with no element.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }

    /// A maybe that emits `element` on `scheduler`.
    public static func just(_ element: Element, scheduler: any ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Subscribes `observer` to the outcome. Called from an actor-isolated context, `observer` runs isolated to
    /// that actor, as with ``ObservableConvertibleType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)``.
    @discardableResult
    public func subscribe(
        _ observer: @escaping (MaybeEvent<Element>) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onSuccess: { observer(.success($0)) }, onError: { observer(.error($0)) },
            onCompleted: { observer(.completed) }, isolation: isolation, file: file, line: line)
    }

    /// Subscribes closures for the element, the failure, completion without an element, and disposal. Called from
    /// an actor-isolated context, they run isolated to that actor.
    @discardableResult
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        // A success is the element followed by completion; only the first of the two is reported.
        var hasElement = false
        return primitiveSequence.asObservable().subscribe(
            onNext: { element in
                hasElement = true
                onSuccess?(element)
            },
            onError: onError,
            onCompleted: { if !hasElement { onCompleted?() } },
            onDisposed: onDisposed,
            isolation: isolation, file: file, line: line)
    }

    /// Subscribes closures that receive `object` weakly; outcomes after `object` is gone are ignored. Called from
    /// an actor-isolated context, they run isolated to that actor.
    @discardableResult
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, any Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        subscribe(
            onSuccess: passingWeakly(object, to: onSuccess), onError: passingWeakly(object, to: onError),
            onCompleted: passingWeakly(object, to: onCompleted), onDisposed: passingWeakly(object, to: onDisposed),
            isolation: isolation, file: file, line: line)
    }

    /// Emits exactly what the maybe emits, calling the given closures along the way; all are optional. They run as
    /// in ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``:
    /// `onCompleted` also runs after an element, since a maybe's success is its element and then completion.
    ///
    /// [do](https://reactivex.io/documentation/operators/do.html)
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((any Error) throws -> Void)? = nil,
        afterError: ((any Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        Maybe(
            raw: primitiveSequence.asObservable().do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Emits the element if `predicate` accepts it, otherwise completes empty; a thrown error is emitted.
    ///
    /// [filter](https://reactivex.io/documentation/operators/filter.html)
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.asObservable().filter(predicate))
    }

    /// Emits `transform(element)`, or completes empty when it is `nil`; a thrown error is emitted.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.asObservable().compactMap(transform))
    }

    /// Emits the outcome of the maybe that `selector` returns for the element; completes empty when this maybe
    /// does.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.asObservable().flatMap { try selector($0).asObservable() })
    }

    /// A single of the element, or of `default` when the maybe completes empty.
    ///
    /// [defaultIfEmpty](https://reactivex.io/documentation/operators/defaultifempty.html)
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: primitiveSequence.asObservable().ifEmpty(default: `default`))
    }

    /// Emits the element, or the outcome of `other` when the maybe completes empty. The empty maybe is released
    /// before `other` is subscribed.
    ///
    /// [defaultIfEmpty](https://reactivex.io/documentation/operators/defaultifempty.html)
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.asObservable().ifEmpty(switchTo: other.asObservable()))
    }

    /// A single of the element, or of the outcome of `other` when the maybe completes empty. The empty maybe is
    /// released before `other` is subscribed.
    ///
    /// [defaultIfEmpty](https://reactivex.io/documentation/operators/defaultifempty.html)
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.asObservable().ifEmpty(switchTo: other.asObservable()))
    }

    /// Emits the outcome; if the maybe fails, emits `element` instead.
    ///
    /// [catch](https://reactivex.io/documentation/operators/catch.html)
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.asObservable().catchAndReturn(element))
    }

    /// Emits `transform(element)`; a thrown error is emitted.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.asObservable().map(transform))
    }

    /// The maybe as a ``Completable``, dropping the element.
    public func asCompletable() -> Completable {
        primitiveSequence.asObservable().ignoreElements().asCompletable()
    }
}
