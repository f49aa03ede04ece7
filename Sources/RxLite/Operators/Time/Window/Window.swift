import Foundation

extension ObservableType where Element: Sendable {
    /// Splits the source into windows: each window is an observable of what arrived in `timeSpan`, or of `count`
    /// elements if those arrive sooner; the next window opens at once. The first window opens at subscription.
    /// Windows that end by time end on `scheduler`. Completion or an error ends the current window and the outer
    /// sequence alike.
    ///
    /// Each window is a `PublishSubject`: subscribe to it when it is emitted, or its elements are missed.
    ///
    /// [window](https://reactivex.io/documentation/operators/window.html)
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType)
        -> Observable<Observable<Element>>
    {
        uncheckedWindow(timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

extension ObservableType {
    /// `window(timeSpan:count:scheduler:)` for an element that is not `Sendable`, as RxSwift has it: the same operator,
    /// without the compile-time check. The call warns (a deprecation) that nothing checks that the elements may cross
    /// to the scheduler's thread; code whose element is `Sendable` gets the checked overload and no warning.
    @available(
        *, deprecated,
        message: """
            Element is not Sendable, and this operator hands elements to the scheduler's thread: RxLite cannot check \
            that this is safe. Make Element Sendable to use the checked overload.
            """
    )
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: any SchedulerType)
        -> Observable<Observable<Element>>
    {
        uncheckedWindow(timeSpan: timeSpan, count: count, scheduler: scheduler)
    }

    /// What both `window(timeSpan:count:scheduler:)` overloads build.
    func uncheckedWindow<Scheduler: SchedulerType>(timeSpan: RxTimeInterval, count: Int, scheduler: Scheduler)
        -> Observable<Observable<Element>>
    {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = WindowStorage<Element>(
                scheduler: scheduler, lifetime: lifetime, sink: sink,
                machine: WindowStateMachine(
                    chunk: ChunkStateMachine(timeSpan: timeSpan.timeInterval, count: count, startedAt: scheduler.now)))
            lifetime.insert(object: state)
            state.emitter.emit { .next($0.current.asObservable()) }
            guard lifetime.isActive else { return }
            state.armTimer(after: timeSpan.timeInterval)
            source.runSubscription(WindowSink(storage: state), lifetime)
        }
    }
}

/// What `window` keeps under the lock: the open window, and the machine that says when it ends.
struct WindowStateMachine<Element>: ChunkHolding {
    var chunk: ChunkStateMachine
    var current = PublishSubject<Element>()

    init(chunk: ChunkStateMachine) {
        self.chunk = chunk
    }

    /// Replaces the open window with a new one, and returns it. Out of line: making a subject looks up its type, once
    /// per window, which inlined would cost every element.
    @inline(never)
    mutating func openWindow() -> PublishSubject<Element> {
        let opened = PublishSubject<Element>()
        current = opened
        return opened
    }
}

/// What an element does to `window`, decided under the lock.
enum WindowStep {
    /// Nothing: the window operator has ended.
    case dropped
    /// It goes into the open window.
    case intoOpenWindow
    /// It goes into the open window, which it fills: that window closes and the next one opens.
    case closesWindow
}

/// The storage of `window`.
///
/// Elements are sent into the open window outside the lock (a window is a `PublishSubject`, which serializes its
/// own delivery). With a scheduler on another thread than the source, an element that races the timer closing
/// its window is dropped by the closed window (RxSwift avoids this by holding a lock while delivering).
final class WindowStorage<Element>: TimedOperator {
    let emitter: SerializedEmitter<Observable<Element>, WindowStateMachine<Element>>
    let scheduler: any SchedulerType
    let lifetime: Lifetime
    let timerSlot = Locked(TimerSlot())

    /// A storage whose timer runs on `scheduler`, for the subscription `lifetime`, delivering to `sink`.
    init(
        scheduler: any SchedulerType, lifetime: Lifetime, sink: EventSink<Observable<Element>>,
        machine: WindowStateMachine<Element>
    ) {
        emitter = .make(sink: sink, state: machine)
        self.scheduler = scheduler
        self.lifetime = lifetime
    }

    /// An element goes into the open window; the element that fills it closes it and opens the next. The machine's
    /// step comes out of the lock as a non-generic ``WindowStep`` with the subjects beside it, rather than as a
    /// tuple or optional of them: those types, formed from the element, were looked up on every element.
    func on(next element: Element) {
        let now = scheduler.now
        var window: PublishSubject<Element>?
        var opened: PublishSubject<Element>?
        let step = emitter.withLock { state -> WindowStep in
            guard case .running = state.chunk.state else { return .dropped }
            window = state.current
            guard state.chunk.next(now: now) else { return .intoOpenWindow }
            opened = state.openWindow()
            return .closesWindow
        }
        switch step {
        case .dropped:
            return
        case .intoOpenWindow:
            window?.onNext(element)
        case .closesWindow:
            guard let window, let opened else { return }
            window.onNext(element)
            window.onCompleted()
            emit(window: opened)
        }
    }

    /// Emits the window `opened`. Out of line: it forms an observable's type from the element, once per window,
    /// which inlined would cost every element.
    @inline(never)
    func emit(window opened: PublishSubject<Element>) {
        emitter.emit(next: opened.asObservable())
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            on(next: element)
        case .error, .completed:
            let window = emitter.withLock { $0.chunk.finish() ? $0.current : nil }
            guard let window else { return }
            // The terminal event ends the open window and the outer sequence alike.
            window.on(event)
            if case .error(let error) = event { emitter.emit(.error(error)) } else { emitter.emit(.completed) }
        }
    }

    func timerFired() {
        guard lifetime.isActive else { return }
        let rearm = emitter.chunkTimerFired(now: scheduler.now) { transition in
            let windows = emitter.withLock {
                state -> (closed: PublishSubject<Element>, opened: PublishSubject<Element>)? in
                guard transition(&state) else { return nil }
                let closed = state.current
                state.current = PublishSubject()
                return (closed, state.current)
            }
            guard let windows else { return }
            windows.closed.onCompleted()
            emitter.emit(.next(windows.opened.asObservable()))
        }
        if let rearm { armTimer(after: rearm) }
    }
}

/// The source's sink of a `window`: hands each event to the storage.
final class WindowSink<Element>: EventSink<Element> {
    let storage: WindowStorage<Element>

    init(storage: WindowStorage<Element>) {
        self.storage = storage
    }

    override func on(next element: Element) { storage.on(next: element) }

    override func on(error: any Error) { storage.on(.error(error)) }

    override func onCompleted() { storage.on(.completed) }
}
