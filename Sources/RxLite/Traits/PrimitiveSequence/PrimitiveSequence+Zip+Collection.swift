// `zip` of any number of singles or maybes of one element type.

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Subscribes to every single at once and emits `resultSelector` of their elements, in the collection's order,
    /// once all have succeeded; fails as soon as one fails. An empty collection emits `resultSelector([])`. An error
    /// thrown by `resultSelector` is emitted.
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, Result>(raw: zipped(collection, resultSelector: resultSelector))
    }

    /// Subscribes to every single at once and emits their elements as an array, in the collection's order, once
    /// all have succeeded; fails as soon as one fails. An empty collection emits `[]`.
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> PrimitiveSequence<
        Trait, [Element]
    > where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, [Element]>(raw: zipped(collection) { $0 })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Subscribes to every maybe at once and emits `resultSelector` of their elements, in the collection's order,
    /// once all have succeeded; if one completes empty, completes empty once all have ended; fails as soon as one
    /// fails. An empty collection emits `resultSelector([])`. An error thrown by `resultSelector` is emitted.
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, Result>(raw: zipped(collection, resultSelector: resultSelector))
    }

    /// Subscribes to every maybe at once and emits their elements as an array, in the collection's order, once all
    /// have succeeded; ends otherwise as the form with a result selector does. An empty collection emits `[]`.
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> PrimitiveSequence<
        Trait, [Element]
    > where Collection.Element == PrimitiveSequence<Trait, Element> {
        PrimitiveSequence<Trait, [Element]>(raw: zipped(collection) { $0 })
    }
}

extension PrimitiveSequenceType {
    /// `Observable.zip` of the wrapped sequences; for none, `resultSelector([])` on each subscription, as in RxSwift.
    static func zipped<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
    ) -> Observable<Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty { return Observable.deferred { .just(try resultSelector([])) } }
        return Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector)
    }
}
