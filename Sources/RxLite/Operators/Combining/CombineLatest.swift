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
                    sink.on(next: try resultSelector([]))
                    if lifetime.isActive { sink.onCompleted() }
                } catch {
                    sink.on(error: error)
                }
                return
            }
            let state = CombineLatestCollectionStorage.make(
                sink: sink, arity: sources.count, resultSelector: resultSelector)
            for (index, source) in sources.enumerated() {
                guard lifetime.isActive else { return }
                source.subscribeChild(of: lifetime) {
                    LatestElementSink(state: state, index: index, offset: state.offset(of: index), child: $0)
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

/// Where each source's latest element lives in the block of a ``LatestElementsStorage``: the offsets, in the order
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

    /// How many words of a ``LockedBuffer``'s tail the block takes, with room to align its start.
    var words: Int {
        let padding = alignment > LatestElementsLayout.wordSize ? alignment - LatestElementsLayout.wordSize : 0
        return (byteCount + padding + LatestElementsLayout.wordSize - 1) / LatestElementsLayout.wordSize
    }

    static var wordSize: Int { MemoryLayout<Int>.stride }
}

/// What `combineLatest` keeps as its state: which sources have an element and which are done. The same type for
/// every element type, so that making and releasing a storage looks no metadata up.
struct LatestElements {
    let arity: Int
    /// Where the block of elements starts: this many bytes after the first of the emitter's extra words (past the
    /// form's selector, its alignment honoured). Set once, when the storage is made.
    var blockOffset = 0
    // Guarded by the emitter's lock. Full from the first output on; `.next` then looks at its count only.
    var withValue: UpstreamSet
    // Guarded by the emitter's lock.
    var done: UpstreamSet

    init(arity: Int) {
        self.arity = arity
        withValue = UpstreamSet(arity: arity)
        done = UpstreamSet(arity: arity)
    }
}

/// The storage of `combineLatest`, of a fixed arity (the generated `CombineLatestStorage2`...`8`) or of a collection
/// (``CombineLatestCollectionStorage``): the latest element of each source, in a block of raw memory in the storage's
/// own allocation, and which sources have one and which are done.
///
/// The emitter's extra words hold the form's `Combine` (its selector and the elements' offsets; the subclass, which
/// knows its type, initializes it with ``make(sink:arity:layout:combine:)`` and releases it in its `deinit`), then
/// the block of elements.
///
/// The elements are not a tuple (or an array) of optionals: this code is compiled once, in RxLite, for every element
/// type, and there each access to an `(E1?, E2?, ...)` looked up the tuple's and the optionals' type metadata, a
/// hash-table search each, many times per event. A slot of the block is reached as an `E`, whose metadata the caller
/// already has.
///
/// Invariants: the slot of source `i` holds an initialized element exactly when `withValue.contains(i)`; all of
/// them hold one from the first output on. A subclass's `deinit` deinitializes the elements. (Nothing checks these
/// at run time: whether raw memory holds an element is not something the state can tell. `withValue` and `done`
/// check their own counts.)
class LatestElementsStorage<Output>: SerializedEmitter<Output, LatestElements> {
    /// A storage for the sources of `layout`, delivering to `sink`, whose extra words start with `combine`.
    @inline(__always)
    final class func make<Combine>(
        sink: EventSink<Output>, arity: Int, layout: LatestElementsLayout, combine: Combine
    ) -> Self {
        let combineWords = tailWords(for: Combine.self)
        let storage = make(
            sink: sink, state: LatestElements(arity: arity), extraWords: combineWords + layout.words)
        storage.placeOperatorFields(combine)
        let blockStart = UInt(bitPattern: storage.extraWords) + UInt(combineWords * MemoryLayout<Int>.stride)
        let alignment = UInt(layout.alignment)
        storage.state.pointee.blockOffset = Int(
            (blockStart + alignment - 1) / alignment * alignment - UInt(bitPattern: storage.extraWords))
        return storage
    }

    /// The form's selector and offsets, as the subclass placed them (see ``make(sink:arity:layout:combine:)``).
    @inline(__always)
    final func combine<Combine>(as type: Combine.Type) -> UnsafeMutablePointer<Combine> {
        operatorFields(as: Combine.self)
    }

    /// Releases the form's selector: for the subclass's `deinit`.
    @inline(__always)
    final func removeCombine<Combine>(as type: Combine.Type) {
        removeOperatorFields(as: Combine.self)
    }

    /// The start of the block of elements.
    @inline(__always)
    final var slots: UnsafeMutableRawPointer { extraWords + state.pointee.blockOffset }

    /// The latest element of the source at `offset`; it must have one.
    @inline(__always)
    final func latest<Element>(at offset: Int, as type: Element.Type) -> Element {
        (slots + offset).assumingMemoryBound(to: Element.self).pointee
    }

    /// Deinitializes the element of source `index`, if it has one: for the subclass's deinit.
    final func deinitialize<Element>(index: Int, offset: Int, as type: Element.Type) {
        if state.pointee.withValue.contains(index) {
            (slots + offset).assumingMemoryBound(to: Element.self).deinitialize(count: 1)
        }
    }

    /// The output for the latest elements; called holding the lock, once every source has one. Each form's storage,
    /// which knows the elements' types, overrides it.
    func combine() throws -> Output {
        preconditionFailure("Internal inconsistency: \(Self.self) does not combine its elements")
    }

    /// Handles an element of source `index`, which lives at `offset`; once every source has an element, emits
    /// ``combine()`` of them.
    ///
    /// It takes the lock and hands it to `unlock(emittingNext:)` itself rather than through `emit { }`, whose
    /// optional event looked up the metadata of `Event<Output>?` and `Event<Output>` per element.
    final func on<Element>(next element: Element, index: Int, offset: Int) {
        lock.lock()
        let state = state
        let slot = slots + offset
        if state.pointee.withValue.contains(index) {
            slot.assumingMemoryBound(to: Element.self).pointee = element
        } else {
            slot.initializeMemory(as: Element.self, to: element)
            state.pointee.withValue.insert(index)
        }
        guard state.pointee.withValue.count == state.pointee.arity else {
            // Every other source ended, one of them without an element: no output can ever come (RxSwift
            // completes here, not when that source completed).
            if state.pointee.done.count == state.pointee.arity - 1 {
                unlockCompleting()
            } else {
                lock.unlock()
            }
            return
        }
        let output: Output
        do { output = try combine() } catch {
            unlock(failingWith: error)
            return
        }
        unlock(emittingNext: output)
    }

    /// Handles the completion of source `index`: the output completes once every source has.
    final func sourceCompleted(index: Int) {
        lock.lock()
        let state = state
        state.pointee.done.insert(index)
        if state.pointee.done.count == state.pointee.arity {
            unlockCompleting()
        } else {
            lock.unlock()
        }
    }
}

/// The sink of source `index` of `combineLatest`, whose latest element lives at `offset` in the storage's block.
/// The source's end ends its `child` lifetime first, when it has one (see ``Observable/subscribeChild(of:endingChildIn:)``).
final class LatestElementSink<Element, Output>: EventSink<Element> {
    let state: LatestElementsStorage<Output>
    let index: Int
    let offset: Int
    let child: Lifetime?

    init(state: LatestElementsStorage<Output>, index: Int, offset: Int, child: Lifetime?) {
        self.state = state
        self.index = index
        self.offset = offset
        self.child = child
    }

    override func on(next element: Element) { state.on(next: element, index: index, offset: offset) }

    override func on(error: any Error) {
        child?.finishChild()
        state.emit(error: error)
    }

    override func onCompleted() {
        child?.finishChild()
        state.sourceCompleted(index: index)
    }
}

/// The selector of `combineLatest` over a collection of sources, whose elements all have one type and sit in the
/// block one after another.
struct CombineLatestCollection<Element, Output> {
    let resultSelector: ([Element]) throws -> Output
}

/// The storage of `combineLatest` over a collection of sources (see ``LatestElementsStorage``).
final class CombineLatestCollectionStorage<Element, Output>: LatestElementsStorage<Output> {
    /// A storage for `arity` sources of `Element`s.
    static func make(
        sink: EventSink<Output>, arity: Int, resultSelector: @escaping ([Element]) throws -> Output
    ) -> CombineLatestCollectionStorage {
        var layout = LatestElementsLayout()
        for _ in 0..<arity { _ = layout.place(Element.self) }
        return make(
            sink: sink, arity: arity, layout: layout, combine: CombineLatestCollection(resultSelector: resultSelector))
    }

    /// Where the element of source `index` lives in the block.
    func offset(of index: Int) -> Int { index * MemoryLayout<Element>.stride }

    deinit {
        for index in 0..<state.pointee.arity {
            deinitialize(index: index, offset: offset(of: index), as: Element.self)
        }
        removeCombine(as: CombineLatestCollection<Element, Output>.self)
    }

    override func combine() throws -> Output {
        let arity = state.pointee.arity
        let elements = UnsafeBufferPointer(start: slots.assumingMemoryBound(to: Element.self), count: arity)
        return try combine(as: CombineLatestCollection<Element, Output>.self).pointee.resultSelector(Array(elements))
    }
}
