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
            let state = WindowStorage<Element>.make(
                scheduler: scheduler, lifetime: lifetime, sink: sink,
                machine: WindowState(
                    chunk: ChunkStateMachine(timeSpan: timeSpan.timeInterval, count: count, startedAt: scheduler.now)))
            lifetime.insert(object: state)
            state.emit { .next($0.current.asObservable()) }
            guard lifetime.isActive else { return }
            state.armTimer(after: timeSpan.timeInterval)
            source.runSubscription(state.on, lifetime)
        }
    }
}

/// What `window` keeps under the lock: the open window, and the machine that says when it ends.
struct WindowState<Element>: ChunkHolding {
    var chunk: ChunkStateMachine
    var current = PublishSubject<Element>()

    init(chunk: ChunkStateMachine) {
        self.chunk = chunk
    }
}

/// The storage of `window`.
///
/// Elements are sent into the open window outside the lock (a window is a `PublishSubject`, which serializes its
/// own delivery). With a scheduler on another thread than the source, an element that races the timer closing
/// its window is dropped by the closed window (RxSwift avoids this by holding a lock while delivering).
final class WindowStorage<Element>: TimedEmitter<Observable<Element>, WindowState<Element>>, TimedOperator {
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let now = upstreamNow
            let windows = withLock { state -> (window: PublishSubject<Element>, opened: PublishSubject<Element>?)? in
                guard case .running = state.chunk.state else { return nil }
                let window = state.current
                guard state.chunk.next(now: now) else { return (window, nil) }
                state.current = PublishSubject()
                return (window, state.current)
            }
            guard let windows else { return }
            windows.window.onNext(element)
            if let opened = windows.opened {
                windows.window.onCompleted()
                emit(.next(opened.asObservable()))
            }
        case .error, .completed:
            let window = withLock { $0.chunk.finish() ? $0.current : nil }
            guard let window else { return }
            // The terminal event ends the open window and the outer sequence alike.
            window.on(event)
            if case .error(let error) = event { emit(.error(error)) } else { emit(.completed) }
        }
    }

    func timerFired() {
        let rearm = chunkTimerFired { transition in
            let windows = withLock { state -> (closed: PublishSubject<Element>, opened: PublishSubject<Element>)? in
                guard transition(&state) else { return nil }
                let closed = state.current
                state.current = PublishSubject()
                return (closed, state.current)
            }
            guard let windows else { return }
            windows.closed.onCompleted()
            emit(.next(windows.opened.asObservable()))
        }
        if let rearm { armTimer(after: rearm) }
    }
}
