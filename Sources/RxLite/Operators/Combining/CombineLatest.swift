extension ObservableType {
    /// Emits `resultSelector` of the latest element of every source in `collection` whenever one emits, once all
    /// have emitted; the same ends as the fixed-arity forms. An empty collection emits `resultSelector([])` and
    /// completes at once, as in RxSwift.
    ///
    /// [combineLatest](https://reactivex.io/documentation/operators/combinelatest.html)
    @inlinable
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        return Observable { sink, lifetime, _ in
            if sources.isEmpty {
                // As RxSwift: the selector of no elements, then the end.
                do {
                    sink(.next(try resultSelector([])))
                    if lifetime.isActive { sink(.completed) }
                } catch {
                    sink(.error(error))
                }
                return
            }
            let combine = { (values: inout [Sources.Element.Element?], output: inout Element?) in
                output = try resultSelector(values.map { $0! })
            }
            let state = CombineLatestStorage(
                sink: sink, arity: sources.count,
                values: [Sources.Element.Element?](repeating: nil, count: sources.count), combine: combine)
            for (index, source) in sources.enumerated() {
                guard lifetime.isActive else { return }
                source.subscribeChild(of: lifetime) {
                    state.on($0, index: index, store: { $0[index] = $1 })
                }
            }
        }
    }

    /// `combineLatest` of the sources in `collection` as arrays, called on the element type as in RxSwift:
    /// `Observable<Int>.combineLatest([a, b, c])` is an `Observable<[Int]>`.
    @inlinable
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}

/// The state of `combineLatest`: which upstreams have a value, and which are done.
@usableFromInline
final class CombineLatestStorage<Values, Output>: SerializedEmitter<Output>, @unchecked Sendable {
    @usableFromInline
    let arity: Int
    /// Builds the output from a full `values` into its second argument. Held here, so an upstream's handler
    /// captures only the state, and a closure capturing one object allocates no context of its own. Both arguments
    /// are `inout`, passed by address whatever the types: a field of this generic class holds its function in the
    /// most general form, and a tuple argument and a returned value then put a reabstraction thunk on every output
    /// (with them: CombineLatestPumping 2,069 instructions per event, CombineLatestCreating 35,470 per subscription;
    /// without: 1,705 and 32,584).
    @usableFromInline
    let combine: (inout Values, inout Output?) throws -> Void
    // Guarded by `lock`: the latest element of each upstream (a tuple of optionals, or an array).
    @usableFromInline
    @exclusivity(unchecked) var values: Values
    // Guarded by `lock`. Full from the first output on; `.next` then looks at its count only.
    @usableFromInline
    @exclusivity(unchecked) var withValue: UpstreamSet
    // Guarded by `lock`.
    @usableFromInline
    @exclusivity(unchecked) var done: UpstreamSet

    @inlinable
    init(
        sink: @escaping EventSink<Output>, arity: Int, values: Values,
        combine: @escaping (inout Values, inout Output?) throws -> Void
    ) {
        self.arity = arity
        self.combine = combine
        self.values = values
        withValue = UpstreamSet(arity: arity)
        done = UpstreamSet(arity: arity)
        super.init(sink: sink)
    }

    /// Handles an event of upstream `index`: `store` saves an element (under the lock); once every upstream has a
    /// value, `combine` builds the output.
    ///
    /// Always inlined into the upstream's handler, where `store` is a closure literal: called, its `emit` closure
    /// (which captures `store`) stayed a call of its own per event (CombineLatestPumping 2,223 -> 2,069 inlined,
    /// CombineLatestCreating 42,636 -> 41,159, 62 allocations per subscription either way). When it handed the lock
    /// to an `emitLocked`, inlining it cost allocations instead (42 per subscription inlined, 30 not), so it was
    /// never inlined then.
    @inlinable
    @inline(__always)
    func on<Element>(_ event: Event<Element>, index: Int, store: (inout Values, Element) -> Void) {
        switch event {
        case .next(let element):
            emit {
                store(&values, element)
                if withValue.count != arity {
                    withValue.insert(index)
                    guard withValue.count == arity else {
                        // Every other upstream ended, one of them without a value: no output can ever come (RxSwift
                        // completes here, not when that upstream completed).
                        return done.count == arity - 1 ? .completed : nil
                    }
                }
                var output: Output?
                do { try combine(&values, &output) } catch { return .error(error) }
                return output.map { .next($0) }
            }
        case .error(let error):
            emit(.error(error))
        case .completed:
            emit {
                done.insert(index)
                return done.count == arity ? .completed : nil
            }
        }
    }
}
