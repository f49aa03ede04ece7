// The operators of Driver and Signal. Each keeps the three guarantees (no error, delivery on the strategy's
// scheduler, sharing): closures here do not throw, and everything a result is built from is a shared sequence of
// the same strategy, so no element arrives from another scheduler.

extension SharedSequenceConvertibleType {
    /// Emits `transform(element)` for every element.
    @inlinable
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().map(transform))
    }

    /// Emits the non-`nil` results of `transform`.
    @inlinable
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?)
        -> SharedSequence<SharingStrategy, Result>
    {
        SharedSequence(asObservable().compactMap(transform))
    }

    /// Emits the elements that satisfy `predicate`.
    @inlinable
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().filter(predicate))
    }

    /// Maps each element to a shared sequence and emits only the elements of the latest one.
    @inlinable
    public func flatMapLatest<Inner: SharedSequenceConvertibleType>(
        _ selector: @escaping (Element) -> Inner
    ) -> SharedSequence<SharingStrategy, Inner.Element> where Inner.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().flatMapLatest { selector($0).asObservable() })
    }

    /// Maps each element to a shared sequence, dropping elements while the previous one runs.
    @inlinable
    public func flatMapFirst<Inner: SharedSequenceConvertibleType>(
        _ selector: @escaping (Element) -> Inner
    ) -> SharedSequence<SharingStrategy, Inner.Element> where Inner.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().flatMapFirst { selector($0).asObservable() })
    }

    /// Emits an element only when `comparer` says it differs from the one before it.
    @inlinable
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool)
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Emits an element only when its key differs from the key of the one before it.
    @inlinable
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key)
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// For each element, emits `resultSelector(element, latest)` with the latest element of `second`; elements
    /// that arrive before `second` has emitted are dropped. `second` may be of the other kind (a signal's taps with
    /// a driver's state): both deliver on the sharing scheduler.
    @inlinable
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
        _ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// For each element, emits the latest element of `second`.
    @inlinable
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second)
        -> SharedSequence<SharingStrategy, Second.Element>
    {
        SharedSequence(asObservable().withLatestFrom(second.asObservable()))
    }

    /// Emits `element` first, then the elements of this sequence.
    @inlinable
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }

    /// Calls the closures on each event, for side effects, and passes the events on unchanged.
    @inlinable
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Emits an element only when it differs from the one before it.
    @inlinable
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequence {
    /// Emits `resultSelector` of the latest element of each source whenever one emits, once both have emitted.
    @inlinable
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy {
        SharedSequence(
            Observable.combineLatest(source1.asObservable(), source2.asObservable(), resultSelector: resultSelector))
    }

    /// `combineLatest` of three sources.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
    >(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) -> Element
    ) -> SharedSequence<SharingStrategy, Element>
    where
        O1.SharingStrategy == SharingStrategy, O2.SharingStrategy == SharingStrategy,
        O3.SharingStrategy == SharingStrategy
    {
        SharedSequence(
            Observable.combineLatest(
                source1.asObservable(), source2.asObservable(), source3.asObservable(),
                resultSelector: resultSelector))
    }

    /// `combineLatest` of two sources as tuples.
    @inlinable
    public static func combineLatest<O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType>(
        _ source1: O1, _ source2: O2
    ) -> SharedSequence<SharingStrategy, (O1.Element, O2.Element)>
    where
        Element == (O1.Element, O2.Element), O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy
    {
        combineLatest(source1, source2) { ($0, $1) }
    }

    /// `combineLatest` of three sources as tuples.
    @inlinable
    public static func combineLatest<
        O1: SharedSequenceConvertibleType, O2: SharedSequenceConvertibleType, O3: SharedSequenceConvertibleType
    >(_ source1: O1, _ source2: O2, _ source3: O3) -> SharedSequence<
        SharingStrategy, (O1.Element, O2.Element, O3.Element)
    >
    where
        Element == (O1.Element, O2.Element, O3.Element), O1.SharingStrategy == SharingStrategy,
        O2.SharingStrategy == SharingStrategy, O3.SharingStrategy == SharingStrategy
    {
        combineLatest(source1, source2, source3) { ($0, $1, $2) }
    }
}
