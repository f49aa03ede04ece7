extension ObservableType {
    /// Pairs the n-th elements of every source in `collection` and emits `resultSelector` of them. An empty
    /// collection completes at once. Completes when every source has completed, or (as RxSwift's collection form)
    /// when an element arrives that cannot be paired while every other source has completed.
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    public static func zip<Sources: Collection>(
        _ collection: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let sources = collection.map { $0.asObservable() }
        return Observable { sink, lifetime, _ in
            if sources.isEmpty {
                sink.onCompleted()
                return
            }
            let dequeue = { (queues: inout [RingBuffer<Sources.Element.Element>], output: inout Element?) in
                output = try resultSelector((0..<queues.count).map { queues[$0].popFirst()! })
            }
            let state = ZipStorage.make(
                sink: sink,
                state: ZipStateMachine(
                    arity: sources.count,
                    queues: [RingBuffer<Sources.Element.Element>](repeating: RingBuffer(), count: sources.count),
                    completesWhenStarved: true, dequeue: dequeue))
            for (index, source) in sources.enumerated() {
                guard lifetime.isActive else { return }
                source.subscribeChild(of: lifetime) {
                    state.on($0, index: index, enqueue: { $0[index].append($1) })
                }
            }
        }
    }

    /// `zip` of the sources in `collection` as arrays, called on the element type as in RxSwift:
    /// `Observable<Int>.zip([a, b, c])` is an `Observable<[Int]>`.
    public static func zip<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<[Element]>.zip(collection) { $0 }
    }
}

/// What `zip` keeps under its emitter's lock: an element queue per upstream, and which upstreams are done.
///
/// When it completes follows RxSwift 6: once every upstream completed; the collection form
/// (`completesWhenStarved`) also once an element arrives that cannot make a tuple while every other upstream is
/// done. An upstream that completed with nothing left to pair does not end it by itself (`zip(never(), empty())`
/// never completes).
struct ZipStateMachine<Queues, Output> {
    let arity: Int
    let completesWhenStarved: Bool
    /// Takes the oldest element of every queue and builds the output into its second argument (under the lock).
    /// Held here, so an upstream's handler captures only the storage (a closure capturing one object allocates no
    /// context of its own). The output is `inout`, not returned: a returned value went through a reabstraction thunk
    /// on every output.
    let dequeue: (inout Queues, inout Output?) throws -> Void
    // Guarded by the emitter's lock: the waiting elements of each upstream (a tuple of queues, or an array).
    var queues: Queues
    // Guarded by the emitter's lock: how many elements wait in each queue, and how many queues are empty (an output
    // is due when none is).
    var queuedCount: [Int]
    var emptyQueues: Int
    var done: UpstreamSet

    init(
        arity: Int, queues: Queues, completesWhenStarved: Bool = false,
        dequeue: @escaping (inout Queues, inout Output?) throws -> Void
    ) {
        self.arity = arity
        self.completesWhenStarved = completesWhenStarved
        self.dequeue = dequeue
        self.queues = queues
        queuedCount = Array(repeating: 0, count: arity)
        emptyQueues = arity
        done = UpstreamSet(arity: arity)
    }

    /// Upstream `index` queued an element: whether a tuple is due (every queue holds one; the counts are taken
    /// down for it), or, with `completesWhenStarved`, the output completes because the element can never be paired.
    mutating func elementQueued(index: Int) -> ElementPathStep {
        queuedCount[index] += 1
        if queuedCount[index] == 1 { emptyQueues -= 1 }
        guard emptyQueues == 0 else {
            return completesWhenStarved && done.count == arity - 1 ? .complete : .none
        }
        for slot in 0..<arity {
            queuedCount[slot] -= 1
            if queuedCount[slot] == 0 { emptyQueues += 1 }
        }
        return .next
    }

    /// Upstream `index` completed; whether every upstream has.
    mutating func upstreamCompleted(index: Int) -> Bool {
        done.insert(index)
        return done.count == arity
    }
}

/// The storage of `zip`: its state under an emitter, and nothing else.
typealias ZipStorage<Queues, Output> = SerializedEmitter<Output, ZipStateMachine<Queues, Output>>

extension SerializedEmitter {
    /// Handles an event of upstream `index`: `enqueue` stores an element (under the lock); once every queue holds
    /// one, `dequeue` builds the output.
    func on<Queues, Element>(_ event: Event<Element>, index: Int, enqueue: (inout Queues, Element) -> Void)
    where State == ZipStateMachine<Queues, Output> {
        emit { state in
            switch event {
            case .next(let element):
                enqueue(&state.queues, element)
                switch state.elementQueued(index: index) {
                case .none: return nil
                case .complete: return .completed
                case .next:
                    var output: Output?
                    do { try state.dequeue(&state.queues, &output) } catch { return .error(error) }
                    return output.map { .next($0) }
                }
            case .error(let error):
                return .error(error)
            case .completed:
                return state.upstreamCompleted(index: index) ? .completed : nil
            }
        }
    }
}
