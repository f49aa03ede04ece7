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
            let state = CombineLatestCollectionStorage(sink: sink, arity: sources.count, resultSelector: resultSelector)
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

/// What `combineLatest` keeps under its emitter's lock: which sources have an element and which are done. The same
/// type for every element type, so that making and releasing a storage looks no metadata up.
struct LatestElementsStateMachine {
    let arity: Int
    /// Full from the first output on; an element then looks at its count only.
    private(set) var withValue: UpstreamSet
    private(set) var done: UpstreamSet

    init(arity: Int) {
        self.arity = arity
        withValue = UpstreamSet(arity: arity)
        done = UpstreamSet(arity: arity)
    }

    /// Source `index` sent an element; `replacing` says whether its slot held one already (it does from then on).
    /// What goes out: the combination once every source has an element; the completion when every other source
    /// ended, one of them without an element, so that no output can ever come (RxSwift completes here, not when that
    /// source completed).
    @inline(__always)
    mutating func sourceNext(index: Int, replacing: inout Bool) -> ElementPathStep {
        replacing = withValue.contains(index)
        if !replacing { withValue.insert(index) }
        if withValue.count == arity { return .next }
        return done.count == arity - 1 ? .complete : .none
    }

    /// Source `index` completed; whether that completes the output (every source has).
    mutating func sourceCompleted(index: Int) -> Bool {
        done.insert(index)
        return done.count == arity
    }
}

/// The storage of `combineLatest`: the latest element of each source (`block`, in the emitter's allocation), and
/// which have one and which are done, under an emitter. Each form (the generated `CombineLatestStorage2`...`8`, ``CombineLatestCollectionStorage``)
/// is a final subclass that knows its elements' types: it adds where each element lives and the selector, as `let`s,
/// and says how they combine (``combine()``) and how they are released (its `deinit`).
///
/// A class with a subclass per form rather than a protocol the forms adopt: generic code over a protocol with an
/// associated output instantiated the forms' witness tables, several lookups per source on every subscription.
///
/// Invariants: the slot of source `i` holds an element exactly when the machine's `withValue` contains `i`; all
/// of them hold one from the first output on (debug builds check each access of the block against this).
class LatestElementsStorage<Output> {
    let emitter: SerializedEmitter<Output, LatestElementsStateMachine>
    let block: LatestElementsBlock

    /// A storage for `arity` sources placed in `layout`, delivering to `sink`.
    init(sink: EventSink<Output>, arity: Int, layout: LatestElementsLayout) {
        emitter = .make(sink: sink, state: LatestElementsStateMachine(arity: arity), block: layout)
        block = emitter.latestElements(layout)
    }

    deinit {
        block.checkEmpty()
    }

    /// The sources whose slot holds an element, for a form's `deinit`.
    final var sourcesWithValue: UpstreamSet { emitter.withLock { $0.withValue } }

    /// The output for the latest elements; called holding the lock, once every source has one. Each form overrides
    /// it.
    func combine() throws -> Output {
        preconditionFailure("Internal inconsistency: \(Self.self) does not combine its elements")
    }

    /// Handles an element of source `index`, which lives at `offset`; once every source has an element, emits
    /// ``combine()`` of them.
    final func on<Element>(next element: Element, index: Int, offset: Int) {
        let block = block
        emitter.emitNext(
            { machine in
                var replacing = false
                let step = machine.sourceNext(index: index, replacing: &replacing)
                block.store(element, at: offset, replacing: replacing)
                return step
            },
            making: { _ in try combine() })
    }

    /// Handles the completion of source `index`: the output completes once every source has.
    final func sourceCompleted(index: Int) {
        emitter.emitCompletion { $0.sourceCompleted(index: index) }
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
        state.emitter.emit(error: error)
    }

    override func onCompleted() {
        child?.finishChild()
        state.sourceCompleted(index: index)
    }
}

/// The storage of `combineLatest` over a collection of sources, whose elements all have one type and sit in the
/// block one after another.
final class CombineLatestCollectionStorage<Element, Output>: LatestElementsStorage<Output> {
    let arity: Int
    let resultSelector: ([Element]) throws -> Output

    /// A storage for `arity` sources of `Element`s, delivering to `sink`.
    init(sink: EventSink<Output>, arity: Int, resultSelector: @escaping ([Element]) throws -> Output) {
        self.arity = arity
        self.resultSelector = resultSelector
        var layout = LatestElementsLayout()
        for _ in 0..<arity { _ = layout.place(Element.self) }
        super.init(sink: sink, arity: arity, layout: layout)
    }

    deinit {
        let withValue = sourcesWithValue
        for index in 0..<arity where withValue.contains(index) {
            block.deinitialize(at: offset(of: index), as: Element.self)
        }
    }

    /// Where the element of source `index` lives in the block.
    func offset(of index: Int) -> Int { index * MemoryLayout<Element>.stride }

    override func combine() throws -> Output {
        try resultSelector(block.elements(count: arity, as: Element.self))
    }
}
