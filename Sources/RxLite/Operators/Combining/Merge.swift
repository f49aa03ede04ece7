extension ObservableType {
    /// Emits the elements of all `sources` as they arrive; completes when all complete, fails when one fails.
    ///
    /// [merge](https://reactivex.io/documentation/operators/merge.html)
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable { sink, lifetime, _ in
            if sources.isEmpty {
                sink.onCompleted()
                return
            }
            let state = MergeStorage.make(sink: sink, running: sources.count)
            for source in sources {
                guard lifetime.isActive else { return }
                source.subscribeChild(of: lifetime) { MergeInnerSink(state: state, child: $0) }
            }
        }
    }

    /// Emits the elements of all `sources` as they arrive; completes when all complete, fails when one fails.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }

    /// Emits the elements of all `sources` as they arrive; completes when all complete, fails when one fails.
    public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        merge(Array(sources))
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of every inner sequence as they arrive; completes when this sequence and every inner
    /// one have completed.
    ///
    /// [merge](https://reactivex.io/documentation/operators/merge.html)
    public func merge() -> Observable<Element.Element> {
        flatMap { $0 }
    }

    /// Like ``merge()``, with at most `maxConcurrent` inner sequences subscribed at once; the others wait in order.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        precondition(maxConcurrent > 0, "maxConcurrent must be positive")
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = BoundedMergeStorage<Element.Element>.make(
                sink: sink, lifetime: lifetime, maxConcurrent: maxConcurrent)
            source.subscribeChild(of: lifetime) { event in
                switch event {
                case .next(let inner): state.enqueue(inner.asObservable())
                case .error(let error): state.emit(.error(error))
                case .completed: state.outerCompleted()
                }
            }
        }
    }
}

/// What `merge` and `flatMap` keep as their state, under the emitter's lock.
struct MergeCount {
    /// Upstreams (including the outer one of flatMap) that have not completed.
    var running: Int
}

/// The storage of `merge` and `flatMap`: how many upstreams are still running.
final class MergeStorage<Element>: SerializedEmitter<Element, MergeCount> {
    /// A storage delivering to `sink`, with `running` upstreams.
    static func make(sink: EventSink<Element>, running: Int) -> MergeStorage {
        make(sink: sink, state: MergeCount(running: running), extraWords: 1)
    }

    deinit {
        spareChild.pointee = nil
    }

    /// A finished, unreferenced child lifetime ready for the next inner sequence, in the extra word (zero bits are
    /// `nil`). Touched only by ``subscribeInner(_:parent:)``, without the lock (see there), so not in the state.
    var spareChild: UnsafeMutablePointer<Lifetime?> { extraWords.assumingMemoryBound(to: Lifetime?.self) }

    /// The completion of one upstream, which completes the merge once it was the last running.
    ///
    /// Hands the lock to `unlock(emitting:)` directly, as `SerializedEmitter.emit(_:)` of an event does, not
    /// through `emit { }`, whose optional event costs a metadata lookup.
    func forwardCompletion() {
        lock.lock()
        let state = state
        state.pointee.running -= 1
        if state.pointee.running > 0 {
            lock.unlock()
            return
        }
        unlock(emitting: .completed)
    }

    /// Counts one more running upstream; `false` when the merge has already ended.
    func addRunning() -> Bool {
        withLock { state in
            if isStopped { return false }
            state.running += 1
            return true
        }
    }

    /// Subscribes one inner sequence of `flatMap` with a child of `parent`. Called only from the outer upstream's
    /// handler, which the Rx contract keeps to one call at a time, so `spareChild` needs no lock.
    ///
    /// Most inner sequences (`just`, `from`, ...) end during subscribe; their child lifetime is then reused for the
    /// next one when nothing else holds it (`Lifetime.reuse`), which saves an allocation per element.
    func subscribeInner(_ inner: Observable<Element>, parent: Lifetime) {
        var child = spareChild.pointee.take() ?? Lifetime(parent: parent)
        inner.subscribeTopLevel(MergeInnerSink(state: self, child: child), child)
        if parent.attachIfRunning(child) { return }
        if Lifetime.reuse(&child) { spareChild.pointee = child }
    }
}

/// The sink of one upstream of `merge` or one inner sequence of `flatMap`: elements and failure go straight to the
/// storage; a completion ends the upstream's `child` lifetime (when it has one of its own) and counts down the
/// running upstreams.
final class MergeInnerSink<Element>: EventSink<Element> {
    let state: MergeStorage<Element>
    let child: Lifetime?

    init(state: MergeStorage<Element>, child: Lifetime?) {
        self.state = state
        self.child = child
    }

    override func on(next element: Element) { state.emit(next: element) }

    override func on(error: any Error) { state.emit(error: error) }

    override func onCompleted() {
        child?.finishChild()
        state.forwardCompletion()
    }
}

/// What `merge(maxConcurrent:)` keeps as its state, under the emitter's lock.
struct BoundedMergeState<Element> {
    var waiting = RingBuffer<Observable<Element>>()
    var active = 0
    var outerDone = false
}

/// What `merge(maxConcurrent:)` was made with, read without the lock (see
/// ``SerializedEmitter/placeOperatorFields(_:)``).
struct BoundedMergeFields {
    let lifetime: Lifetime
    let maxConcurrent: Int
}

/// The storage of `merge(maxConcurrent:)`.
final class BoundedMergeStorage<Element>: SerializedEmitter<Element, BoundedMergeState<Element>> {
    /// A storage delivering to `sink`.
    static func make(sink: EventSink<Element>, lifetime: Lifetime, maxConcurrent: Int) -> BoundedMergeStorage {
        let storage = make(sink: sink, state: BoundedMergeState(), extraWords: tailWords(for: BoundedMergeFields.self))
        storage.placeOperatorFields(BoundedMergeFields(lifetime: lifetime, maxConcurrent: maxConcurrent))
        return storage
    }

    deinit {
        removeOperatorFields(as: BoundedMergeFields.self)
    }

    /// What it was made with.
    var fields: UnsafeMutablePointer<BoundedMergeFields> { operatorFields(as: BoundedMergeFields.self) }

    func enqueue(_ inner: Observable<Element>) {
        let maxConcurrent = fields.pointee.maxConcurrent
        let startsNow = withLock { state in
            if state.active >= maxConcurrent {
                state.waiting.append(inner)
                return false
            }
            state.active += 1
            return true
        }
        if startsNow { subscribe(inner) }
    }

    func outerCompleted() {
        emit { state in
            state.outerDone = true
            return state.active == 0 && state.waiting.isEmpty ? .completed : nil
        }
    }

    private func subscribe(_ inner: Observable<Element>) {
        inner.subscribeChild(of: fields.pointee.lifetime) { [self] event in
            if case .completed = event { innerCompleted() } else { emit(event) }
        }
    }

    private func innerCompleted() {
        var next: Observable<Element>?
        emit { state in
            if let waiting = state.waiting.popFirst() {
                next = waiting
                return nil
            }
            state.active -= 1
            return state.active == 0 && state.outerDone ? .completed : nil
        }
        if let next { subscribe(next) }
    }
}
