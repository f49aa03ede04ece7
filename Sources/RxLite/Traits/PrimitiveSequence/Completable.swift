/// The trait of ``Completable``.
public enum CompletableTrait {}

/// A sequence that completes or fails, with no elements.
public typealias Completable = PrimitiveSequence<CompletableTrait, Never>

/// What a ``Completable`` delivers.
@frozen
public enum CompletableEvent {
    /// The failure.
    case error(any Error)
    /// Success.
    case completed
}

extension CompletableEvent: Sendable {}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// The callback that `Completable.create` hands out; call it once, from any thread (it is `@Sendable`, so a
    /// completion handler of a callback API can capture it).
    public typealias CompletableObserver = @Sendable (CompletableEvent) -> Void

    /// A completable made by `subscribe`, which gets a callback to call once and returns what to dispose. Calls
    /// after the first are ignored; what `subscribe` returned is disposed once the outcome has been delivered, or on
    /// dispose.
    @inlinable
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> any Disposable) -> Completable {
        Completable(
            raw: Observable { sink, lifetime, _ in
                let observer = CreateObserver(sink: sink, lifetime: lifetime, releasesOnEnd: true)
                observer.hold(
                    subscribe { event in
                        switch event {
                        case .error(let error): observer.on(.error(error))
                        case .completed: observer.on(.completed)
                        }
                    })
            })
    }

    /// A completable that completes at once.
    @inlinable
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }

    /// Subscribes `observer` to the outcome.
    @inlinable
    @discardableResult
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            onError: { observer(.error($0)) }, onCompleted: { observer(.completed) })
    }

    /// Subscribes closures for completion, failure and disposal; all are optional.
    @inlinable
    @discardableResult
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Runs this completable, then `second`, and emits what `second` emits.
    @inlinable
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.asObservable().concatNever(second.asObservable()))
    }

    /// Runs this completable, then `second`.
    @inlinable
    public func andThen(_ second: Completable) -> Completable {
        Completable(raw: primitiveSequence.asObservable().concatNever(second.asObservable()))
    }
}

extension Observable where Element == Never {
    /// This sequence (which has no elements), then `second` once it completes.
    @inlinable
    func concatNever<Second>(_ second: Observable<Second>) -> Observable<Second> {
        let first = self
        return Observable<Second> { sink, lifetime, _ in
            guard let firstLifetime = lifetime.makeChild() else { return }
            first.subscribeHandler(
                { event in
                    if case .error(let error) = event {
                        sink(.error(error))
                    } else if case .completed = event {
                        // The first completion is swallowed here: release the first sequence (rule 4).
                        firstLifetime.finishChild()
                        guard lifetime.isActive else { return }
                        second.subscribeHandler(sink, lifetime)
                    }
                }, firstLifetime)
        }
    }
}
