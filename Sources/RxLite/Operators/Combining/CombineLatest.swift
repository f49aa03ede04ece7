/// The state of `combineLatest`: which upstreams have a value, and which are done.
@usableFromInline
final class CombineLatestState<Values, Output>: SerializedEmitter<Output>, @unchecked Sendable {
    @usableFromInline
    let arity: Int
    /// Builds the output from a full `values`. Held here, so an upstream's handler captures only the state, and a
    /// closure capturing one object allocates no context of its own.
    @usableFromInline
    let combine: (Values) throws -> Output
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
        sink: @escaping EventSink<Output>, arity: Int, values: Values, combine: @escaping (Values) throws -> Output
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
    /// Specialized but never inlined: inlined into every upstream's handler it made the subscribing code too big for
    /// the optimizer to inline in turn (CombineLatestCreating, seven nested combineLatest: 42 allocations per
    /// subscription inlined, 30 not; and fewer instructions per event too).
    @inlinable
    @inline(never)
    func on<Element>(_ event: Event<Element>, index: Int, store: (inout Values, Element) -> Void) {
        lock.lock()
        switch event {
        case .next(let element):
            store(&values, element)
            if withValue.count != arity {
                withValue.insert(index)
                guard withValue.count == arity else {
                    // Every other upstream ended, one of them without a value: no output can ever come (RxSwift
                    // completes here, not when that upstream completed).
                    if done.count == arity - 1 {
                        emitLocked(.completed)
                    } else {
                        lock.unlock()
                    }
                    return
                }
            }
            let output: Output
            do { output = try combine(values) } catch {
                emitLocked(.error(error))
                return
            }
            emitLocked(.next(output))
        case .error(let error):
            emitLocked(.error(error))
        case .completed:
            done.insert(index)
            if done.count == arity {
                emitLocked(.completed)
            } else {
                lock.unlock()
            }
        }
    }
}

extension Observable {
    /// Emits `resultSelector` of the latest element of each source, every time any source emits, once all have
    /// emitted. Completes when all complete, or (as RxSwift) when a source emits while every other source has
    /// completed and one of them never emitted; fails when one fails.
    ///
    /// [combineLatest](https://reactivex.io/documentation/operators/combinelatest.html)
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        let (source1, source2) = (source1.asObservable(), source2.asObservable())
        return Observable { sink, lifetime, _ in
            let combine = { (values: (O1.Element?, O2.Element?)) in try resultSelector(values.0!, values.1!) }
            let state = CombineLatestState(
                sink: sink, arity: 2, values: (O1.Element?.none, O2.Element?.none), combine: combine)
            source1.subscribeChild(of: lifetime) { state.on($0, index: 0, store: { $0.0 = $1 }) }
            source2.subscribeChild(of: lifetime) { state.on($0, index: 1, store: { $0.1 = $1 }) }
        }
    }

    /// `combineLatest` of three sources.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        let (source1, source2, source3) = (source1.asObservable(), source2.asObservable(), source3.asObservable())
        return Observable { sink, lifetime, _ in
            let combine = { (values: (O1.Element?, O2.Element?, O3.Element?)) in
                try resultSelector(values.0!, values.1!, values.2!)
            }
            let state = CombineLatestState(
                sink: sink, arity: 3, values: (O1.Element?.none, O2.Element?.none, O3.Element?.none),
                combine: combine)
            source1.subscribeChild(of: lifetime) { state.on($0, index: 0, store: { $0.0 = $1 }) }
            source2.subscribeChild(of: lifetime) { state.on($0, index: 1, store: { $0.1 = $1 }) }
            source3.subscribeChild(of: lifetime) { state.on($0, index: 2, store: { $0.2 = $1 }) }
        }
    }

    /// `combineLatest` of four sources.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        let (source1, source2) = (source1.asObservable(), source2.asObservable())
        let (source3, source4) = (source3.asObservable(), source4.asObservable())
        return Observable { sink, lifetime, _ in
            let combine = { (values: (O1.Element?, O2.Element?, O3.Element?, O4.Element?)) in
                try resultSelector(values.0!, values.1!, values.2!, values.3!)
            }
            let state = CombineLatestState(
                sink: sink, arity: 4,
                values: (O1.Element?.none, O2.Element?.none, O3.Element?.none, O4.Element?.none),
                combine: combine)
            source1.subscribeChild(of: lifetime) { state.on($0, index: 0, store: { $0.0 = $1 }) }
            source2.subscribeChild(of: lifetime) { state.on($0, index: 1, store: { $0.1 = $1 }) }
            source3.subscribeChild(of: lifetime) { state.on($0, index: 2, store: { $0.2 = $1 }) }
            source4.subscribeChild(of: lifetime) { state.on($0, index: 3, store: { $0.3 = $1 }) }
        }
    }

    /// `combineLatest` of any number of sources of one element type. An empty collection completes at once.
    @inlinable
    public static func combineLatest<Sources: Collection>(
        _ sources: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let sources = sources.map { $0.asObservable() }
        return Observable { sink, lifetime, _ in
            if sources.isEmpty {
                sink(.completed)
                return
            }
            let combine = { (values: [Sources.Element.Element?]) in try resultSelector(values.map { $0! }) }
            let state = CombineLatestState(
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

    /// `combineLatest` of two sources as tuples.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(_ source1: O1, _ source2: O2)
        -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element)
    {
        combineLatest(source1, source2) { ($0, $1) }
    }

    /// `combineLatest` of three sources as tuples.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> where Element == (O1.Element, O2.Element, O3.Element) {
        combineLatest(source1, source2, source3) { ($0, $1, $2) }
    }

    /// `combineLatest` of four sources as tuples.
    @inlinable
    public static func combineLatest<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element) {
        combineLatest(source1, source2, source3, source4) { ($0, $1, $2, $3) }
    }

    /// `combineLatest` of any number of sources as arrays.
    @inlinable
    public static func combineLatest<Sources: Collection>(_ sources: Sources) -> Observable<[Sources.Element.Element]>
    where Sources.Element: ObservableType, Element == [Sources.Element.Element] {
        combineLatest(sources) { $0 }
    }
}
