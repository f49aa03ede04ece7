/// A sequence that never fails: elements, then perhaps completion. It does not share its subscription nor replay
/// (unlike ``Driver`` and ``Signal``), and delivers wherever its source does: an ``Observable`` that cannot fail.
///
/// Make one from a sequence that may fail with ``ObservableConvertibleType/asInfallible(onErrorJustReturn:)``,
/// ``ObservableConvertibleType/asInfallible(onErrorFallbackTo:)`` or
/// ``ObservableConvertibleType/asInfallible(onErrorRecover:)``, or directly with ``Infallible/create(subscribe:)``,
/// ``InfallibleType/just(_:)`` and the other factories.
///
/// As in RxSwift, a few operators take closures that may throw, or inner sequences that may fail (`flatMap`,
/// `concat`, `combineLatest`, ...); a thrown or inner error then ends the infallible with that error. Keep those
/// closures non-throwing and the inner sequences infallible.
public struct Infallible<Element>: InfallibleType {
    let source: Observable<Element>

    /// Wraps `source`, which must never fail.
    init(_ source: Observable<Element>) {
        self.source = source
    }

    public func asObservable() -> Observable<Element> { source }
}

/// A sequence that never fails; ``Infallible`` is the one conforming type.
public protocol InfallibleType<Element>: ObservableConvertibleType {}

extension InfallibleType {
    /// Subscribes closures for the elements, completion and disposal; all are optional. There is no error to
    /// handle. Called from an actor-isolated context, they run isolated to that actor, as with
    /// ``ObservableConvertibleType/subscribe(onNext:onError:onCompleted:onDisposed:isolation:file:line:)``.
    @discardableResult
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation, file: file,
            line: line)
    }

    /// Subscribes `on` to every event: the elements, then perhaps completion (RxSwift's `subscribe(_:)` with a
    /// closure). `on` runs where the events are produced.
    @discardableResult
    public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void) -> any Disposable {
        asObservable().subscribe(onNext: { on(.next($0)) }, onCompleted: { on(.completed) }, isolation: nil)
    }

    /// Subscribes closures that receive `object` weakly; events after `object` is gone are ignored. Called from an
    /// actor-isolated context, they run isolated to that actor.
    @discardableResult
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, isolation: isolation,
            file: file, line: line)
    }
}

extension ObservableConvertibleType {
    /// The sequence as an ``Infallible`` that, if the sequence fails, emits `element` and completes.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// The sequence as an ``Infallible`` that, if the sequence fails, continues with `infallible`.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// The sequence as an ``Infallible`` that, if the sequence fails, continues with the infallible that
    /// `onErrorRecover` returns for the error.
    public func asInfallible(onErrorRecover: @escaping (any Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { onErrorRecover($0).asObservable() })
    }
}

extension SharedSequenceConvertibleType {
    /// The shared sequence as an ``Infallible``: the same elements, still delivered on the strategy's scheduler and
    /// shared, typed as a sequence that cannot fail.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
