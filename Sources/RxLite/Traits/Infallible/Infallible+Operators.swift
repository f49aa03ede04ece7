// The operators RxSwift 6 defines on Infallible, each the Observable operator of the same name over the wrapped
// sequence. Signatures are RxSwift's, throwing closures and fallible inner sequences included (see ``Infallible``).

extension InfallibleType {
    /// Emits the elements that satisfy `predicate`.
    ///
    /// [filter](https://reactivex.io/documentation/operators/filter.html)
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Emits `transform(element)` for every element.
    ///
    /// [map](https://reactivex.io/documentation/operators/map.html)
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }

    /// Emits the non-`nil` results of `transform`.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }

    /// Emits each element whose key differs from the previous element's.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
        -> Infallible<Element>
    {
        Infallible(asObservable().distinctUntilChanged(keySelector))
    }

    /// Emits each element that `comparer` does not call equal to the previous one.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer))
    }

    /// Emits each element whose key `comparer` does not call equal to the previous element's.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Emits each element whose property at `keyPath` differs from the previous element's.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
        -> Infallible<Element>
    {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }

    /// Emits the elements of every sequence `selector` returns, as they arrive.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMap(selector))
    }

    /// Emits the elements of the latest sequence `selector` returned, dropping the one before.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMapLatest(selector))
    }

    /// Emits the elements of the sequence `selector` returns, dropping elements that arrive while it runs.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMapFirst(selector))
    }

    /// Emits the elements of each sequence `selector` returns, one sequence after another.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) -> Source)
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().concatMap(selector))
    }

    /// Emits this sequence's elements, then, once it completes, `second`'s.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(asObservable().concat(second))
    }

    /// Emits the elements of each infallible in turn; `sequence` is iterated lazily, once per subscription.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Emits the elements of each infallible in turn.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Emits the elements of each infallible in turn.
    ///
    /// [concat](https://reactivex.io/documentation/operators/concat.html)
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        concat(sources)
    }

    /// Emits the elements of all `sources` as they arrive; completes when all have completed.
    ///
    /// (RxSwift's collection form concatenates instead, against its own documentation; this one merges.)
    ///
    /// [merge](https://reactivex.io/documentation/operators/merge.html)
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Emits the elements of all `sources` as they arrive; completes when all have completed.
    ///
    /// [merge](https://reactivex.io/documentation/operators/merge.html)
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        merge(sources[...])
    }

    /// Emits the elements of all `sources` as they arrive; completes when all have completed.
    ///
    /// [merge](https://reactivex.io/documentation/operators/merge.html)
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        merge(sources)
    }

    /// Emits each intermediate result of `accumulator`, starting from `seed`, mutated in place.
    ///
    /// [scan](https://reactivex.io/documentation/operators/scan.html)
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Emits each intermediate result of `accumulator`, starting from `seed`.
    ///
    /// [scan](https://reactivex.io/documentation/operators/scan.html)
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Emits `element`, then the sequence's elements.
    ///
    /// [startWith](https://reactivex.io/documentation/operators/startwith.html)
    public func startWith(_ element: Element) -> Infallible<Element> {
        Infallible(asObservable().startWith(element))
    }

    /// Emits the elements until `other` emits an element, then completes.
    ///
    /// [takeUntil](https://reactivex.io/documentation/operators/takeuntil.html)
    public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// Emits the elements until `other` emits an element, then completes.
    ///
    /// [takeUntil](https://reactivex.io/documentation/operators/takeuntil.html)
    public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other))
    }

    /// Emits the elements until one satisfies `predicate` (included with `.inclusive`), then completes.
    ///
    /// [takeUntil](https://reactivex.io/documentation/operators/takeuntil.html)
    public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
        -> Infallible<Element>
    {
        Infallible(asObservable().take(until: predicate, behavior: behavior))
    }

    /// Emits the elements while they satisfy `predicate` (the first that does not is included with `.inclusive`),
    /// then completes.
    ///
    /// [takeWhile](https://reactivex.io/documentation/operators/takewhile.html)
    public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive)
        -> Infallible<Element>
    {
        Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// Emits the first `count` elements, then completes.
    ///
    /// [take](https://reactivex.io/documentation/operators/take.html)
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// Emits the elements that arrive within `duration` of subscription, then completes.
    ///
    /// [take](https://reactivex.io/documentation/operators/take.html)
    public func take(for duration: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// Drops elements while they satisfy `predicate`, then emits the rest.
    ///
    /// [skipWhile](https://reactivex.io/documentation/operators/skipwhile.html)
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate))
    }

    /// Drops elements until `other` emits an element, then emits the rest.
    ///
    /// [skipUntil](https://reactivex.io/documentation/operators/skipuntil.html)
    public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other))
    }

    /// Shares one subscription to the sequence among all subscribers, replaying the last `replay` elements, like
    /// ``ObservableType/share(replay:scope:)``.
    ///
    /// [replay](https://reactivex.io/documentation/operators/replay.html)
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }

    /// Emits `resultSelector(object, element)` for each element, holding `object` weakly; completes at the first
    /// element that arrives after `object` is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ object: Object, resultSelector: @escaping (Object, Element) -> Out
    ) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(object, resultSelector: resultSelector))
    }

    /// Emits `(object, element)` for each element, holding `object` weakly; completes at the first element that
    /// arrives after `object` is gone.
    public func withUnretained<Object: AnyObject>(_ object: Object) -> Infallible<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }

    /// For each element, emits `resultSelector(element, latest)` with the latest element of `second`; elements
    /// that arrive before `second` has emitted are dropped.
    ///
    /// [combineLatest](https://reactivex.io/documentation/operators/combinelatest.html)
    public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Infallible<ResultType> {
        Infallible(asObservable().withLatestFrom(second, resultSelector: resultSelector))
    }

    /// For each element, emits the latest element of `second`; elements that arrive before `second` has emitted
    /// are dropped.
    ///
    /// [combineLatest](https://reactivex.io/documentation/operators/combinelatest.html)
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second))
    }

    /// Emits exactly what the sequence emits, printing each subscription, event and disposal, like
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)``.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

extension InfallibleType where Element: Equatable {
    /// Emits each element that differs from the previous one.
    ///
    /// [distinct](https://reactivex.io/documentation/operators/distinct.html)
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}

extension InfallibleType where Element: Sendable {
    /// Emits an element once `dueTime` has passed without another, on `scheduler`, like
    /// ``ObservableType/debounce(_:scheduler:)-9c2fr``.
    ///
    /// [debounce](https://reactivex.io/documentation/operators/debounce.html)
    public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().uncheckedDebounce(dueTime, scheduler: scheduler))
    }

    /// Emits at most one element per `dueTime`, on `scheduler`, like ``ObservableType/throttle(_:latest:scheduler:)-6j76g``.
    ///
    /// [throttle](https://reactivex.io/documentation/operators/sample.html)
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType)
        -> Infallible<Element>
    {
        Infallible(asObservable().uncheckedThrottle(dueTime, latest: latest, scheduler: scheduler))
    }
}

extension InfallibleType {
    /// `debounce(_:scheduler:)` for an element that is not `Sendable`, as RxSwift has it: the same operator, without
    /// the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross to the
    /// scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func debounce(_ dueTime: RxTimeInterval, scheduler: any SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().uncheckedDebounce(dueTime, scheduler: scheduler))
    }

    /// `throttle(_:latest:scheduler:)` for an element that is not `Sendable`, as RxSwift has it: the same operator,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: any SchedulerType)
        -> Infallible<Element>
    {
        Infallible(asObservable().uncheckedThrottle(dueTime, latest: latest, scheduler: scheduler))
    }
}

extension Infallible {
    /// Emits exactly what the sequence emits, calling the given closures along the way; all are optional. They run
    /// as in ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    ///
    /// [do](https://reactivex.io/documentation/operators/do.html)
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

extension InfallibleType {
    /// Emits `resultSelector` of the latest element of every source, each time one of them emits, once all have
    /// emitted; completes when all have completed.
    ///
    /// [combineLatest](https://reactivex.io/documentation/operators/combinelatest.html)
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Emits the latest element of every source as an array, each time one of them emits, once all have emitted;
    /// completes when all have completed.
    ///
    /// [combineLatest](https://reactivex.io/documentation/operators/combinelatest.html)
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
    where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible<[Element]>(Observable.combineLatest(collection.map { $0.asObservable() }) { $0 })
    }

    /// Pairs the n-th elements of every source in `collection` and emits `resultSelector` of them; an empty
    /// collection completes at once. Completes when every source has completed, or when an element arrives that
    /// cannot be paired because every other source has completed (as `Observable.zip`'s collection form).
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// Pairs the n-th elements of every source in `collection` and emits them as an array, called on the element
    /// type as in RxSwift: `Infallible<Int>.zip([a, b])` is an `Infallible<[Int]>`. Completes as
    /// ``zip(_:resultSelector:)`` does.
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
    where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible<[Element]>(Observable.zip(collection.map { $0.asObservable() }) { $0 })
    }
}
