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
    /// `combineLatest` of the shared sequences in `collection` (see `Observable.combineLatest`).
    @inlinable
    public static func combineLatest<Sources: Collection, Result>(
        _ collection: Sources, resultSelector: @escaping ([Element]) -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// `combineLatest` of the shared sequences in `collection`, as arrays.
    @inlinable
    public static func combineLatest<Sources: Collection>(_ collection: Sources)
        -> SharedSequence<SharingStrategy, [Element]>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        combineLatest(collection) { $0 }
    }

    /// `zip` of the shared sequences in `collection` (see `Observable.zip`).
    @inlinable
    public static func zip<Sources: Collection, Result>(
        _ collection: Sources, resultSelector: @escaping ([Element]) -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// `zip` of the shared sequences in `collection`, as arrays.
    @inlinable
    public static func zip<Sources: Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, [Element]>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        zip(collection) { $0 }
    }
}
