/// The state of `zip`: an element queue per upstream, and which upstreams are done.
///
/// When it completes follows RxSwift 6: once every upstream completed; the collection form
/// (`completesWhenStarved`) also once an element arrives that cannot make a tuple while every other upstream is
/// done. An upstream that completed with nothing left to pair does not end it by itself (`zip(never(), empty())`
/// never completes).
@usableFromInline
final class ZipState<Queues, Output>: SerializedEmitter<Output>, @unchecked Sendable {
    @usableFromInline
    let arity: Int
    @usableFromInline
    let completesWhenStarved: Bool
    /// Takes the oldest element of every queue and builds the output (under the lock). Held here, so an upstream's
    /// handler captures only the state (a closure capturing one object allocates no context of its own).
    @usableFromInline
    let dequeue: (inout Queues) throws -> Output
    // Guarded by `lock`: the waiting elements of each upstream (a tuple of queues, or an array).
    @usableFromInline
    @exclusivity(unchecked) var queues: Queues
    // Guarded by `lock`: how many elements wait in each queue, and how many queues are empty (an output is due
    // when none is).
    @usableFromInline
    @exclusivity(unchecked) var queuedCount: [Int]
    @usableFromInline
    @exclusivity(unchecked) var emptyQueues: Int
    @usableFromInline
    @exclusivity(unchecked) var done: UpstreamSet

    @inlinable
    init(
        sink: @escaping EventSink<Output>, arity: Int, queues: Queues, completesWhenStarved: Bool = false,
        dequeue: @escaping (inout Queues) throws -> Output
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
    @inlinable
    func on<Element>(_ event: Event<Element>, index: Int, enqueue: (inout Queues, Element) -> Void) {
        lock.lock()
        switch event {
        case .next(let element):
            enqueue(&queues, element)
            queuedCount[index] += 1
            if queuedCount[index] == 1 { emptyQueues -= 1 }
            guard emptyQueues == 0 else {
                if completesWhenStarved && done.count == arity - 1 {
                    emitLocked(.completed)
                } else {
                    lock.unlock()
                }
                return
            }
            for slot in 0..<arity {
                queuedCount[slot] -= 1
                if queuedCount[slot] == 0 { emptyQueues += 1 }
            }
            let output: Output
            do { output = try dequeue(&queues) } catch {
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

/// A first-in, first-out queue with O(1) removal from the front, for `zip`'s buffers.
@usableFromInline
struct ZipQueue<Element> {
    @usableFromInline
    var storage: [Element] = []
    @usableFromInline
    var head = 0

    @inlinable
    init() {}

    @inlinable
    mutating func append(_ element: Element) { storage.append(element) }

    @inlinable
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

extension Observable {
    /// Pairs the n-th elements of the sources: emits `resultSelector` once each source has produced its n-th
    /// element. Completes when every source has completed (as RxSwift: a source that completed with nothing left to
    /// pair does not end it); fails when one fails.
    ///
    /// [zip](https://reactivex.io/documentation/operators/zip.html)
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2, resultSelector: @escaping (O1.Element, O2.Element) throws -> Element
    ) -> Observable<Element> {
        let (source1, source2) = (source1.asObservable(), source2.asObservable())
        return Observable { sink, lifetime, _ in
            let dequeue = { (queues: inout (ZipQueue<O1.Element>, ZipQueue<O2.Element>)) in
                try resultSelector(queues.0.removeFirst(), queues.1.removeFirst())
            }
            let state = ZipState(
                sink: sink, arity: 2, queues: (ZipQueue<O1.Element>(), ZipQueue<O2.Element>()), dequeue: dequeue)
            source1.subscribeChild(of: lifetime) {
                state.on($0, index: 0, enqueue: { $0.0.append($1) })
            }
            source2.subscribeChild(of: lifetime) {
                state.on($0, index: 1, enqueue: { $0.1.append($1) })
            }
        }
    }

    /// `zip` of three sources.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element) throws -> Element
    ) -> Observable<Element> {
        let (source1, source2, source3) = (source1.asObservable(), source2.asObservable(), source3.asObservable())
        return Observable { sink, lifetime, _ in
            let dequeue = { (queues: inout (ZipQueue<O1.Element>, ZipQueue<O2.Element>, ZipQueue<O3.Element>)) in
                try resultSelector(queues.0.removeFirst(), queues.1.removeFirst(), queues.2.removeFirst())
            }
            let state = ZipState(
                sink: sink, arity: 3, queues: (ZipQueue<O1.Element>(), ZipQueue<O2.Element>(), ZipQueue<O3.Element>()),
                dequeue: dequeue)
            source1.subscribeChild(of: lifetime) {
                state.on($0, index: 0, enqueue: { $0.0.append($1) })
            }
            source2.subscribeChild(of: lifetime) {
                state.on($0, index: 1, enqueue: { $0.1.append($1) })
            }
            source3.subscribeChild(of: lifetime) {
                state.on($0, index: 2, enqueue: { $0.2.append($1) })
            }
        }
    }

    /// `zip` of four sources.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4,
        resultSelector: @escaping (O1.Element, O2.Element, O3.Element, O4.Element) throws -> Element
    ) -> Observable<Element> {
        let (source1, source2) = (source1.asObservable(), source2.asObservable())
        let (source3, source4) = (source3.asObservable(), source4.asObservable())
        return Observable { sink, lifetime, _ in
            let dequeue = {
                (queues: inout (ZipQueue<O1.Element>, ZipQueue<O2.Element>, ZipQueue<O3.Element>, ZipQueue<O4.Element>))
                in
                try resultSelector(
                    queues.0.removeFirst(), queues.1.removeFirst(), queues.2.removeFirst(), queues.3.removeFirst())
            }
            let state = ZipState(
                sink: sink, arity: 4,
                queues: (
                    ZipQueue<O1.Element>(), ZipQueue<O2.Element>(), ZipQueue<O3.Element>(), ZipQueue<O4.Element>()
                ),
                dequeue: dequeue)
            source1.subscribeChild(of: lifetime) {
                state.on($0, index: 0, enqueue: { $0.0.append($1) })
            }
            source2.subscribeChild(of: lifetime) {
                state.on($0, index: 1, enqueue: { $0.1.append($1) })
            }
            source3.subscribeChild(of: lifetime) {
                state.on($0, index: 2, enqueue: { $0.2.append($1) })
            }
            source4.subscribeChild(of: lifetime) {
                state.on($0, index: 3, enqueue: { $0.3.append($1) })
            }
        }
    }

    /// `zip` of any number of sources of one element type. An empty collection completes at once. Completes when
    /// every source has completed, or (as RxSwift's collection form) when an element arrives that cannot be paired
    /// while every other source has completed.
    @inlinable
    public static func zip<Sources: Collection>(
        _ sources: Sources, resultSelector: @escaping ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        let sources = sources.map { $0.asObservable() }
        return Observable { sink, lifetime, _ in
            if sources.isEmpty {
                sink(.completed)
                return
            }
            let dequeue = { (queues: inout [ZipQueue<Sources.Element.Element>]) in
                try resultSelector((0..<queues.count).map { queues[$0].removeFirst() })
            }
            let state = ZipState(
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

    /// `zip` of two sources as tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType>(_ source1: O1, _ source2: O2)
        -> Observable<(O1.Element, O2.Element)> where Element == (O1.Element, O2.Element)
    {
        zip(source1, source2) { ($0, $1) }
    }

    /// `zip` of three sources as tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3
    ) -> Observable<(O1.Element, O2.Element, O3.Element)> where Element == (O1.Element, O2.Element, O3.Element) {
        zip(source1, source2, source3) { ($0, $1, $2) }
    }

    /// `zip` of four sources as tuples.
    @inlinable
    public static func zip<O1: ObservableType, O2: ObservableType, O3: ObservableType, O4: ObservableType>(
        _ source1: O1, _ source2: O2, _ source3: O3, _ source4: O4
    ) -> Observable<(O1.Element, O2.Element, O3.Element, O4.Element)>
    where Element == (O1.Element, O2.Element, O3.Element, O4.Element) {
        zip(source1, source2, source3, source4) { ($0, $1, $2, $3) }
    }

    /// `zip` of any number of sources as arrays.
    @inlinable
    public static func zip<Sources: Collection>(_ sources: Sources) -> Observable<[Sources.Element.Element]>
    where Sources.Element: ObservableType, Element == [Sources.Element.Element] {
        zip(sources) { $0 }
    }
}
