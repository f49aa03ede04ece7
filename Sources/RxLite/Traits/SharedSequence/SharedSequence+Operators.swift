// The operators of Driver and Signal. Each keeps the three guarantees (no error, delivery on the strategy's
// scheduler, sharing): closures here do not throw, and everything a result is built from is a shared sequence of
// the same strategy, so no element arrives from another scheduler.

extension SharedSequenceConvertibleType {
    /// Emits `transform(element)` for every element.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(fusing: asSharedSequence()) { $0.map(transform) }
    }

    /// Emits the non-`nil` results of `transform`.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?)
        -> SharedSequence<SharingStrategy, Result>
    {
        SharedSequence(fusing: asSharedSequence()) { $0.compactMap(transform) }
    }

    /// Emits the elements that satisfy `predicate`.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(fusing: asSharedSequence()) { $0.filter(predicate) }
    }

    /// Maps each element to a shared sequence and emits the elements of all of them, interleaved. The inner
    /// sequences may be of the other strategy (a Driver's element mapped to a Signal): both deliver on the sharing
    /// scheduler, and the result has the inner sequences' strategy, as in RxCocoa.
    public func flatMap<Sharing: SharingStrategyProtocol, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMap { selector($0).asObservable() })
    }

    /// Maps each element to a shared sequence and emits only the elements of the latest one (the inner sequences'
    /// strategy is the result's, as in RxCocoa).
    public func flatMapLatest<Sharing: SharingStrategyProtocol, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMapLatest { selector($0).asObservable() })
    }

    /// Maps each element to a shared sequence, dropping elements while the previous one runs (the inner sequences'
    /// strategy is the result's, as in RxCocoa).
    public func flatMapFirst<Sharing: SharingStrategyProtocol, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(asObservable().flatMapFirst { selector($0).asObservable() })
    }

    /// Emits `accumulator(previous, element)` for each element, starting from `seed`.
    public func scan<Accumulate>(_ seed: Accumulate, accumulator: @escaping (Accumulate, Element) -> Accumulate)
        -> SharedSequence<SharingStrategy, Accumulate>
    {
        SharedSequence<SharingStrategy, Accumulate>(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Emits the accumulated value after `accumulator` updates it in place for each element, starting from `seed`.
    public func scan<Accumulate>(
        into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) -> Void
    ) -> SharedSequence<SharingStrategy, Accumulate> {
        SharedSequence<SharingStrategy, Accumulate>(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Drops the first `count` elements.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(count))
    }

    /// Prints every event, subscription and disposal (see `Observable.debug`).
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Emits an element only when its key differs from the key of the one before it, as `comparer` judges.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Emits an element only when its property at `keyPath` differs from that of the one before it.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(asObservable().distinctUntilChanged(at: keyPath))
    }

    /// Emits an element only when `comparer` says it differs from the one before it.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool)
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Emits an element only when its key differs from the key of the one before it.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key)
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// For each element, emits `resultSelector(element, latest)` with the latest element of `second`; elements
    /// that arrive before `second` has emitted are dropped. `second` may be of the other kind (a signal's taps with
    /// a driver's state): both deliver on the sharing scheduler.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(
        _ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// For each element, emits the latest element of `second`.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second)
        -> SharedSequence<SharingStrategy, Second.Element>
    {
        SharedSequence(asObservable().withLatestFrom(second.asObservable()))
    }

    /// Emits `element` first, then the elements of this sequence.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }

    /// Calls the closures on each event, for side effects, and passes the events on unchanged.
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
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequence {
    /// `combineLatest` of the shared sequences in `collection` (see `Observable.combineLatest`).
    public static func combineLatest<Sources: Collection, Result>(
        _ collection: Sources, resultSelector: @escaping ([Element]) -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// `combineLatest` of the shared sequences in `collection`, as arrays.
    public static func combineLatest<Sources: Collection>(_ collection: Sources)
        -> SharedSequence<SharingStrategy, [Element]>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        combineLatest(collection) { $0 }
    }

    /// `zip` of the shared sequences in `collection` (see `Observable.zip`).
    public static func zip<Sources: Collection, Result>(
        _ collection: Sources, resultSelector: @escaping ([Element]) -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, Result>(
            Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// `zip` of the shared sequences in `collection`, as arrays.
    public static func zip<Sources: Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, [Element]>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        zip(collection) { $0 }
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Emits the elements of the latest inner sequence; a new one replaces the previous. The result has the inner
    /// sequences' strategy, as in RxCocoa (every strategy delivers on the main scheduler).
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(asObservable().flatMapLatest { $0.asObservable() })
    }

    /// Emits the elements of every inner sequence, interleaved, with the inner sequences' strategy.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(asObservable().flatMap { $0.asObservable() })
    }

    /// Emits the elements of the inner sequences, at most `maxConcurrent` of them subscribed at once.
    public func merge(maxConcurrent: Int) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        SharedSequence<Element.SharingStrategy, Element.Element>(
            asObservable().map { $0.asObservable() }.merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequenceConvertibleType {
    /// Emits the elements of every source, interleaved; completes when all have completed.
    public static func merge<Sources: Collection>(_ sources: Sources) -> SharedSequence<SharingStrategy, Element>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Emits the elements of every source, interleaved; completes when all have completed.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>])
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Emits the elements of every source, interleaved; completes when all have completed.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...)
        -> SharedSequence<SharingStrategy, Element>
    {
        merge(sources)
    }

    /// Emits the elements of each source in turn, subscribing to the next when one completes.
    public static func concat<Sources: Sequence>(_ sequence: Sources) -> SharedSequence<SharingStrategy, Element>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Emits the elements of each source in turn, subscribing to the next when one completes.
    public static func concat<Sources: Collection>(_ collection: Sources) -> SharedSequence<SharingStrategy, Element>
    where Sources.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Calls `factory` for each subscriber and subscribes to the sequence it returns.
    public static func deferred(_ factory: @escaping () -> SharedSequence<SharingStrategy, Element>)
        -> SharedSequence<SharingStrategy, Element>
    {
        SharedSequence(Observable.deferred { factory().asObservable() })
    }
}

extension SharedSequence where Element: Sendable {
    /// Emits `elements` one scheduled action each on the strategy's scheduler, then completes.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        from(elements)
    }

    /// Emits the elements of `array` one scheduled action each on the strategy's scheduler, then completes.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// Emits the elements of `sequence` one scheduled action each on the strategy's scheduler, then completes.
    public static func from<Source: Sequence>(_ sequence: Source) -> SharedSequence<SharingStrategy, Element>
    where Source.Element == Element {
        SharedSequence(raw: Observable.from(Array(sequence), scheduler: SharingStrategy.scheduler))
    }

    /// Emits the element of `optional`, if any, on the strategy's scheduler, then completes.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional).subscribe(on: SharingStrategy.scheduler))
    }
}

extension SharedSequence {
    /// This operator for an element that is not `Sendable`, as RxSwift has it: what the checked overload does, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        from(elements)
    }

    /// This operator for an element that is not `Sendable`, as RxSwift has it: what the checked overload does, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// This operator for an element that is not `Sendable`, as RxSwift has it: what the checked overload does, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public static func from<Source: Sequence>(_ sequence: Source) -> SharedSequence<SharingStrategy, Element>
    where Source.Element == Element {
        SharedSequence(raw: Observable.from(Array(sequence), scheduler: SharingStrategy.scheduler))
    }

    /// This operator for an element that is not `Sendable`, as RxSwift has it: what the checked overload does, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional).subscribe(on: SharingStrategy.scheduler))
    }
}
