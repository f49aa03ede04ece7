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
                sink(.completed)
                return
            }
            let dequeue = { (queues: inout [ZipQueue<Sources.Element.Element>], output: inout Element?) in
                output = try resultSelector((0..<queues.count).map { queues[$0].removeFirst() })
            }
            let state = ZipStorage(
                sink: sink, arity: sources.count,
                queues: [ZipQueue<Sources.Element.Element>](repeating: ZipQueue(), count: sources.count),
                completesWhenStarved: true, dequeue: dequeue)
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

/// The state of `zip`: an element queue per upstream, and which upstreams are done.
///
/// When it completes follows RxSwift 6: once every upstream completed; the collection form
/// (`completesWhenStarved`) also once an element arrives that cannot make a tuple while every other upstream is
/// done. An upstream that completed with nothing left to pair does not end it by itself (`zip(never(), empty())`
/// never completes).
final class ZipStorage<Queues, Output>: SerializedEmitter<Output>, @unchecked Sendable {
    let arity: Int
    let completesWhenStarved: Bool
    /// Takes the oldest element of every queue and builds the output into its second argument (under the lock).
    /// Held here, so an upstream's handler captures only the state (a closure capturing one object allocates no
    /// context of its own). The output is `inout` for the reason given at `CombineLatestStorage.combine`: a returned
    /// value went through a reabstraction thunk on every output.
    let dequeue: (inout Queues, inout Output?) throws -> Void
    // Guarded by `lock`: the waiting elements of each upstream (a tuple of queues, or an array).
    @exclusivity(unchecked) var queues: Queues
    // Guarded by `lock`: how many elements wait in each queue, and how many queues are empty (an output is due
    // when none is).
    @exclusivity(unchecked) var queuedCount: [Int]
    @exclusivity(unchecked) var emptyQueues: Int
    @exclusivity(unchecked) var done: UpstreamSet

    init(
        sink: @escaping EventSink<Output>, arity: Int, queues: Queues, completesWhenStarved: Bool = false,
        dequeue: @escaping (inout Queues, inout Output?) throws -> Void
    ) {
        self.arity = arity
        self.completesWhenStarved = completesWhenStarved
        self.dequeue = dequeue
        self.queues = queues
        queuedCount = Array(repeating: 0, count: arity)
        emptyQueues = arity
        done = UpstreamSet(arity: arity)
        super.init(sink: sink)
    }

    /// Handles an event of upstream `index`: `enqueue` stores an element (under the lock); once every queue holds
    /// one, `dequeue` builds the output.
    func on<Element>(_ event: Event<Element>, index: Int, enqueue: (inout Queues, Element) -> Void) {
        emit {
            switch event {
            case .next(let element):
                enqueue(&queues, element)
                queuedCount[index] += 1
                if queuedCount[index] == 1 { emptyQueues -= 1 }
                guard emptyQueues == 0 else {
                    return completesWhenStarved && done.count == arity - 1 ? .completed : nil
                }
                for slot in 0..<arity {
                    queuedCount[slot] -= 1
                    if queuedCount[slot] == 0 { emptyQueues += 1 }
                }
                var output: Output?
                do { try dequeue(&queues, &output) } catch { return .error(error) }
                return output.map { .next($0) }
            case .error(let error):
                return .error(error)
            case .completed:
                done.insert(index)
                return done.count == arity ? .completed : nil
            }
        }
    }
}

/// A first-in, first-out queue with O(1) removal from the front, for `zip`'s buffers.
struct ZipQueue<Element> {
    var storage: [Element] = []
    var head = 0

    init() {}

    mutating func append(_ element: Element) { storage.append(element) }

    mutating func removeFirst() -> Element {
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
