import Foundation

extension ObservableType where Element: Sendable {
    /// Emits the source's elements in arrays: each array holds what arrived in `timeSpan`, or `count` elements if
    /// those arrive sooner; the next array starts at once. Arrays that end by time go out on `scheduler` (empty when
    /// nothing arrived, as in RxSwift). Completion sends the current array, then completes; an error goes out at
    /// once.
    ///
    /// ```
    /// source:                          -a-b-c-d---|
    /// buffer(timeSpan: 4 frames, count: 2):  ---[ab]-[cd]---[]|   (simplified)
    /// ```
    ///
    /// [buffer](https://reactivex.io/documentation/operators/buffer.html)
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType)
        -> Observable<[Element]>
    {
        uncheckedBuffer(timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

extension ObservableType {
    /// `buffer(timeSpan:count:scheduler:)` for an element that is not `Sendable`, as RxSwift has it: the same operator,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType)
        -> Observable<[Element]>
    {
        uncheckedBuffer(timeSpan: timeSpan, count: count, scheduler: scheduler)
    }

    /// What both `buffer(timeSpan:count:scheduler:)` overloads build.
    func uncheckedBuffer<Scheduler: SchedulerType>(timeSpan: RxTimeInterval, count: Int, scheduler: Scheduler)
        -> Observable<[Element]>
    {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = BufferStorage<Element>(
                scheduler: scheduler, lifetime: lifetime, sink: sink,
                machine: BufferStateMachine(
                    chunk: ChunkStateMachine(timeSpan: timeSpan.timeInterval, count: count, startedAt: scheduler.now)))
            lifetime.insert(object: state)
            state.armTimer(after: timeSpan.timeInterval)
            guard lifetime.isActive else { return }
            source.runSubscription(BufferSink(storage: state), lifetime)
        }
    }
}

/// What `buffer` keeps under the lock: the current array, and the machine that says when it ends.
struct BufferStateMachine<Element>: ChunkHolding {
    var chunk: ChunkStateMachine
    var buffer: [Element] = []

    init(chunk: ChunkStateMachine) {
        self.chunk = chunk
    }

    /// The current array, leaving an empty one.
    mutating func takeBuffer() -> [Element] {
        defer { buffer = [] }
        return buffer
    }
}

/// The storage of `buffer`.
final class BufferStorage<Element>: TimedOperator {
    let emitter: SerializedEmitter<[Element], BufferStateMachine<Element>>
    let scheduler: any SchedulerType
    let lifetime: Lifetime
    let timerSlot = Locked(TimerSlot())

    /// A storage whose timer runs on `scheduler`, for the subscription `lifetime`, delivering to `sink`.
    init(
        scheduler: any SchedulerType, lifetime: Lifetime, sink: EventSink<[Element]>,
        machine: BufferStateMachine<Element>
    ) {
        emitter = .make(sink: sink, state: machine)
        self.scheduler = scheduler
        self.lifetime = lifetime
    }

    /// An element joins the current array; a full array goes out. The array going out is the emitter's output
    /// element, so no type is formed from the element on this path (the state's layout is the same whatever the
    /// element: an array is one reference).
    func on(next element: Element) {
        let now = scheduler.now
        emitter.emitNext(
            { state in
                guard case .running = state.chunk.state else { return .none }
                state.buffer.append(element)
                return state.chunk.next(now: now) ? .next : .none
            },
            making: { $0.takeBuffer() })
    }

    /// The source failed: the current array is dropped.
    func on(error: any Error) {
        emitter.emit { state in
            state.buffer = []
            return state.chunk.finish() ? .error(error) : nil
        }
    }

    /// The source completed: the current array goes out, then completion.
    func onCompleted() {
        emitter.emit(step: { state in state.chunk.finish() ? .nextThenComplete(state.takeBuffer()) : .none })
    }

    func timerFired() {
        guard lifetime.isActive else { return }
        let rearm = emitter.chunkTimerFired(now: scheduler.now) { transition in
            emitter.emit { state in transition(&state) ? .next(state.takeBuffer()) : nil }
        }
        if let rearm { armTimer(after: rearm) }
    }
}

/// The source's sink of a `buffer`: hands each event to the storage.
final class BufferSink<Element>: EventSink<Element> {
    let storage: BufferStorage<Element>

    init(storage: BufferStorage<Element>) {
        self.storage = storage
    }

    override func on(next element: Element) { storage.on(next: element) }

    override func on(error: any Error) { storage.on(error: error) }

    override func onCompleted() { storage.onCompleted() }
}
