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
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> any Disposable) -> Completable {
        Completable(
            raw: Observable { sink, lifetime, _ in
                let observer = CreateObserver.make(sink: sink, lifetime: lifetime, releasesOnEnd: true)
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
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }

    /// Subscribes `observer` to the outcome. Called from an actor-isolated context, `observer` runs isolated to
    /// that actor, as with ``ObservableConvertibleType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)``.
    @discardableResult
    public func subscribe(
        _ observer: @escaping (CompletableEvent) -> Void, isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            onError: { observer(.error($0)) }, onCompleted: { observer(.completed) }, isolation: isolation, file: file,
            line: line)
    }

    /// Subscribes closures for completion, failure and disposal; all are optional. Called from an actor-isolated
    /// context, they run isolated to that actor.
    @discardableResult
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((any Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation, file: file,
            line: line)
    }

    /// Subscribes closures that receive `object` weakly; outcomes after `object` is gone are ignored. Called from
    /// an actor-isolated context, they run isolated to that actor.
    @discardableResult
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, any Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.asObservable().subscribe(
            with: object, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation,
            file: file, line: line)
    }

    /// Completes or fails as this completable does, calling the given closures along the way; all are optional.
    ///
    /// `onError` and `onCompleted` run before the outcome is passed on, `afterError` and `afterCompleted` after it.
    /// An error thrown by `onError` or `onCompleted` is emitted in place of the outcome; one thrown by the `after`
    /// closures is dropped. `onSubscribe` runs before the completable is subscribed, `onSubscribed` after;
    /// `onDispose` once when the subscription ends, by its outcome or by disposal.
    ///
    /// [do](https://reactivex.io/documentation/operators/do.html)
    public func `do`(
        onError: ((any Error) throws -> Void)? = nil,
        afterError: ((any Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        Completable(
            raw: primitiveSequence.asObservable().do(
                onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Runs this completable, then `second`; completes when `second` does. An error from either is emitted.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public func concat(_ second: Completable) -> Completable {
        Completable.concat([primitiveSequence, second])
    }

    /// Runs each completable in turn, subscribing to the next one when the one before completes; completes after
    /// the last. An error is emitted and ends the sequence. `sequence` is iterated lazily, once per subscription.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Runs each completable in turn; like the overload that takes a sequence.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Runs each completable in turn; like the overload that takes a sequence.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public static func concat(_ sources: Completable...) -> Completable {
        concat(sources)
    }

    /// Runs every completable at once; completes when all have completed, fails as soon as one fails. An empty
    /// collection completes at once.
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs every completable at once; like the overload that takes a collection.
    public static func zip(_ sources: [Completable]) -> Completable {
        zip(sources[...])
    }

    /// Runs every completable at once; like the overload that takes a collection.
    public static func zip(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}
