/// A sequence with a fixed shape: ``Single`` (one element or an error), ``Maybe`` (one element, nothing, or an
/// error) and ``Completable`` (completion or an error, no elements). The trait is a phantom type that says which.
///
/// As in RxSwift, a primitive sequence is not an ``ObservableType``: its own operators keep the shape, and the
/// general ones are reached through ``asObservable()``.
public struct PrimitiveSequence<Trait, Element>: PrimitiveSequenceType {
    let source: Observable<Element>

    /// Wraps `source`, which must already have the trait's shape.
    init(raw source: Observable<Element>) {
        self.source = source
    }

    public func asObservable() -> Observable<Element> { source }

    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

/// A type that is, or wraps, a ``PrimitiveSequence``.
public protocol PrimitiveSequenceType<Element>: ObservableConvertibleType {
    /// ``SingleTrait``, ``MaybeTrait`` or ``CompletableTrait``.
    associatedtype Trait

    /// The sequence itself.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequenceType {
    /// The sequence's events as an ``Observable``, for a type that implements only ``primitiveSequence``.
    public func asObservable() -> Observable<Element> { primitiveSequence.asObservable() }
}

extension PrimitiveSequence {
    /// A sequence made by `factory` for each subscriber; a thrown error is emitted.
    public static func deferred(_ factory: @escaping () throws -> PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element>
    {
        PrimitiveSequence(raw: Observable.deferred { try factory().asObservable() })
    }

}

extension PrimitiveSequenceType {
    /// A sequence that fails with `error` at once.
    public static func error(_ error: any Error) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A sequence that never emits nor ends.
    public static func never() -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.never())
    }
}

extension ObservableType {
    /// Emits the source's only element when the source completes. Fails with `RxError.noElements` if the source
    /// completes empty, and with `RxError.moreThanOneElement` as soon as a second element arrives.
    public func asSingle() -> Single<Element> {
        Single(raw: onlyElement(ifEmpty: .error(RxError.noElements)))
    }

    /// Emits the source's only element, or nothing if it completes empty. Fails with `RxError.moreThanOneElement`
    /// as soon as a second element arrives.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: onlyElement(ifEmpty: .completed))
    }

    /// The source's only element, then completion, once the source completes; `ifEmpty` when it completes empty;
    /// `RxError.moreThanOneElement` as soon as a second element arrives.
    func onlyElement(ifEmpty: Event<Element>) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            // The one element seen so far; `isDone` once this operator has ended the sequence itself.
            var element: Element?
            var isDone = false
            source.runSubscription(
                { event in
                    guard !isDone else { return }
                    switch event {
                    case .next(let next):
                        if element == nil {
                            element = next
                        } else {
                            isDone = true
                            sink.on(error: RxError.moreThanOneElement)
                        }
                    case .error(let error):
                        sink.on(error: error)
                    case .completed:
                        guard let element else { return sink(ifEmpty) }
                        sink.on(next: element)
                        if lifetime.isActive { sink.onCompleted() }
                    }
                }, lifetime)
        }
    }
}

extension ObservableType where Element == Never {
    /// The sequence as a ``Completable``: `ignoreElements().asCompletable()`.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}
