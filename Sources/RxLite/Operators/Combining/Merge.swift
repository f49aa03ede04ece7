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
            let state = BoundedMergeStorage<Element.Element>(
                sink: sink, lifetime: lifetime, maxConcurrent: maxConcurrent)
            source.subscribeChild(of: lifetime) { event in
                switch event {
                case .next(let inner): state.enqueue(inner.asObservable())
                case .error(let error): state.emitter.emit(.error(error))
                case .completed: state.outerCompleted()
                }
            }
        }
    }
}

/// What `merge` and `flatMap` keep under their emitter's lock.
struct MergeStateMachine {
    /// Upstreams (including the outer one of flatMap) that have not completed.
    private var running: Int
    /// A finished, unreferenced child lifetime ready for `flatMap`'s next inner sequence.
    private var spareChild: Lifetime?

    init(running: Int) {
        self.running = running
    }

    /// One more upstream runs: `flatMap`'s inner sequence, which gets the spare child lifetime if one waits (it is
    /// no longer spare).
    mutating func innerStarted() -> Lifetime? {
        running += 1
        return spareChild.take()
    }

    /// An upstream completed; whether that completes the merge (it was the last running).
    mutating func upstreamCompleted() -> Bool {
        running -= 1
        return running == 0
    }

    /// Keeps `child`, finished and unreferenced, for the next inner sequence.
    mutating func keepSpareChild(_ child: Lifetime) {
        spareChild = child
    }
}

/// The storage of `merge` and `flatMap`: its machine under an emitter, and nothing else, so the emitter is all of
/// it.
typealias MergeStorage<Element> = SerializedEmitter<Element, MergeStateMachine>

extension SerializedEmitter where State == MergeStateMachine {
    /// A storage delivering to `sink`, with `running` upstreams.
    static func make(sink: EventSink<Output>, running: Int) -> MergeStorage<Output> {
        make(sink: sink, state: MergeStateMachine(running: running))
    }

    /// The completion of one upstream, which completes the merge once it was the last running.
    func forwardCompletion() {
        emitCompletion { $0.upstreamCompleted() }
    }

    /// Counts one more running upstream and subscribes `flatMap`'s inner sequence with a child of `parent`; nothing
    /// when the merge has already ended.
    ///
    /// Most inner sequences (`just`, `from`, ...) end during subscribe; their child lifetime is then reused for the
    /// next one when nothing else holds it (`Lifetime.reuse`), which saves an allocation per element. The spare is
    /// taken in the critical section that counts the inner sequence; a new child is made after it, outside the lock:
    /// making one can anchor the lifetimes above it (see `Lifetime.init(parent:)`), which may dispose an ended one.
    func subscribeInner(_ inner: Observable<Output>, parent: Lifetime) {
        guard let spare = withLockUnlessStopped({ $0.innerStarted() }) else { return }
        var child = spare ?? Lifetime.make(parent: parent)
        inner.subscribeTopLevel(MergeInnerSink(state: self, child: child), child)
        if parent.attachIfRunning(child) { return }
        if Lifetime.reuse(&child) { withLock { [child] in $0.keepSpareChild(child) } }
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

/// What `merge(maxConcurrent:)` keeps under its emitter's lock.
struct BoundedMergeStateMachine<Element> {
    private var waiting = RingBuffer<Observable<Element>>()
    private var active = 0
    private var outerDone = false

    init() {}

    /// The outer upstream has `inner`: whether it starts now (fewer than `maxConcurrent` run); else it waits.
    mutating func innerArrived(_ inner: Observable<Element>, maxConcurrent: Int) -> Bool {
        if active >= maxConcurrent {
            waiting.append(inner)
            return false
        }
        active += 1
        return true
    }

    /// An inner sequence completed: the waiting one that takes its place, if any.
    mutating func innerCompleted() -> Observable<Element>? {
        if let next = waiting.popFirst() { return next }
        active -= 1
        return nil
    }

    /// The outer upstream completed.
    mutating func outerCompleted() {
        outerDone = true
    }

    /// Whether everything has completed: the outer upstream, and every inner sequence, none waiting.
    var isFinished: Bool { outerDone && active == 0 && waiting.isEmpty }
}

/// The storage of `merge(maxConcurrent:)`: what it was made with, and its machine under an emitter.
final class BoundedMergeStorage<Element> {
    let emitter: SerializedEmitter<Element, BoundedMergeStateMachine<Element>>
    let lifetime: Lifetime
    let maxConcurrent: Int

    /// A storage delivering to `sink`.
    init(sink: EventSink<Element>, lifetime: Lifetime, maxConcurrent: Int) {
        emitter = .make(sink: sink, state: BoundedMergeStateMachine())
        self.lifetime = lifetime
        self.maxConcurrent = maxConcurrent
    }

    func enqueue(_ inner: Observable<Element>) {
        let maxConcurrent = maxConcurrent
        if emitter.withLock({ $0.innerArrived(inner, maxConcurrent: maxConcurrent) }) { subscribe(inner) }
    }

    func outerCompleted() {
        emitter.emitCompletion { machine in
            machine.outerCompleted()
            return machine.isFinished
        }
    }

    private func subscribe(_ inner: Observable<Element>) {
        inner.subscribeChild(of: lifetime) { [self] event in
            if case .completed = event { innerCompleted() } else { emitter.emit(event) }
        }
    }

    private func innerCompleted() {
        var next: Observable<Element>?
        emitter.emitCompletion { machine in
            next = machine.innerCompleted()
            return next == nil && machine.isFinished
        }
        if let next { subscribe(next) }
    }
}
