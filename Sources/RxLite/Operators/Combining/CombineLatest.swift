extension ObservableType {
    /// Emits `resultSelector` of the latest element of every source in `collection` whenever one emits, once all
    /// have emitted; the same ends as the fixed-arity forms. An empty collection emits `resultSelector([])` and
    /// completes at once, as in RxSwift.
    ///
    /// [combineLatest](https://reactivex.io/documentation/operators/combinelatest.html)
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
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.combineLatest(collection) { $0 }
    }
}

/// The state of `combineLatest`: which upstreams have a value, and which are done.
final class CombineLatestStorage<Values, Output>: SerializedEmitter<Output>, @unchecked Sendable {
    let arity: Int
    /// Builds the output from a full `values` into its second argument. Held here, so an upstream's handler
    /// captures only the state, and a closure capturing one object allocates no context of its own. Both arguments
    /// are `inout`, passed by address whatever the types: a field of this generic class holds its function in the
    /// most general form, and a tuple argument and a returned value then put a reabstraction thunk on every output
    /// (with them: CombineLatestPumping 2,069 instructions per event, CombineLatestCreating 35,470 per subscription;
    /// without: 1,705 and 32,584).
    let combine: (inout Values, inout Output?) throws -> Void
    // Guarded by `lock`: the latest element of each upstream (a tuple of optionals, or an array).
    @exclusivity(unchecked) var values: Values
    // Guarded by `lock`. Full from the first output on; `.next` then looks at its count only.
    @exclusivity(unchecked) var withValue: UpstreamSet
    // Guarded by `lock`.
    @exclusivity(unchecked) var done: UpstreamSet

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

/// Where each source's latest element lives in the block of a `LatestElementsStorage`: the offsets, in the order
/// the sources are placed, and the block's size and alignment.
struct LatestElementsLayout {
    private(set) var byteCount = 0
    private(set) var alignment = 1

    /// Reserves room for an element of `type` and returns its offset.
    mutating func place<Element>(_ type: Element.Type) -> Int {
        let elementAlignment = MemoryLayout<Element>.alignment
        let offset = (byteCount + elementAlignment - 1) / elementAlignment * elementAlignment
        byteCount = offset + MemoryLayout<Element>.stride
        alignment = max(alignment, elementAlignment)
        return offset
    }
}

/// The state of a fixed-arity `combineLatest` (the generated `CombineLatestStorage2`...`8`): the latest element of
/// each source, in one block of raw memory allocated with the storage, and which sources have one and which are done.
///
/// The elements are not a tuple of optionals, as in `CombineLatestStorage`: this code is compiled once, in RxLite,
/// for every element type, and there each access to an `(E1?, E2?, ...)` looked up the tuple's and the optionals'
/// type metadata, a hash-table search each, many times per event (CombineLatestPumping about 64,000 instructions per
/// event through seven of them). A slot of the block is reached as an `E`, whose metadata the caller already has.
///
/// Invariants: the slot of source `i` holds an initialized element exactly when `withValue.contains(i)`; all of
/// them hold one from the first output on.
class LatestElementsStorage<Output>: SerializedEmitter<Output>, @unchecked Sendable {
    let arity: Int
    /// The block of the latest elements: each source's at the offset its `LatestElementsLayout` gave it.
    let slots: UnsafeMutableRawPointer
    // Guarded by `lock`. Full from the first output on; `.next` then looks at its count only.
    var withValue: UpstreamSet
    // Guarded by `lock`.
    var done: UpstreamSet

    init(sink: @escaping EventSink<Output>, arity: Int, layout: LatestElementsLayout) {
        self.arity = arity
        slots = UnsafeMutableRawPointer.allocate(byteCount: max(layout.byteCount, 1), alignment: layout.alignment)
        withValue = UpstreamSet(arity: arity)
        done = UpstreamSet(arity: arity)
        super.init(sink: sink)
    }

    deinit {
        // The subclass's deinit, which runs first, deinitialized the elements.
        slots.deallocate()
    }

    /// The latest element of the source at `offset`; it must have one.
    final func latest<Element>(at offset: Int, as type: Element.Type) -> Element {
        (slots + offset).assumingMemoryBound(to: Element.self).pointee
    }

    /// Deinitializes the element of source `index`, if it has one: for the subclass's deinit.
    final func deinitialize<Element>(index: Int, offset: Int, as type: Element.Type) {
        if withValue.contains(index) { (slots + offset).assumingMemoryBound(to: Element.self).deinitialize(count: 1) }
    }

    /// Handles an event of source `index`, whose element lives at `offset`; once every source has an element,
    /// `combine` (called holding the lock) builds the output.
    ///
    /// An element takes the lock and hands it to `unlock(emitting:)` itself rather than through `emit { }`, whose
    /// optional event looked up the metadata of `Event<Output>?` and `Event<Output>` per element: CombineLatestPumping
    /// 24,906 -> 17,102 instructions per event through seven of them.
    final func on<Element>(_ event: Event<Element>, index: Int, offset: Int, combine: () throws -> Output) {
        switch event {
        case .next(let element):
            lock.lock()
            let slot = (slots + offset).assumingMemoryBound(to: Element.self)
            if withValue.contains(index) {
                slot.pointee = element
            } else {
                slot.initialize(to: element)
                withValue.insert(index)
            }
            guard withValue.count == arity else {
                // Every other source ended, one of them without an element: no output can ever come (RxSwift
                // completes here, not when that source completed).
                if done.count == arity - 1 { unlock(emitting: .completed) } else { lock.unlock() }
                return
            }
            let output: Output
            do { output = try combine() } catch {
                unlock(emitting: .error(error))
                return
            }
            unlock(emitting: .next(output))
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
