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
            let state = BufferStorage<Element, Scheduler>(
                timeSpan: timeSpan, count: count, scheduler: scheduler, lifetime: lifetime, sink: sink)
            lifetime.insert(state)
            state.armTimer(after: timeSpan.timeInterval)
            guard lifetime.isActive else { return }
            source.runSubscription(state.on, lifetime)
        }
    }
}

/// The sink of `buffer`: the current array, under the lock, beside ``ChunkStorage``'s machine.
final class BufferStorage<Element, Scheduler: SchedulerType>: ChunkStorage<[Element], Scheduler>,
    @unchecked Sendable
{
    // Guarded by `lock`.
    @exclusivity(unchecked) var buffer: [Element] = []

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let now = scheduler.now
            emit {
                guard case .running = machine.state else { return nil }
                buffer.append(element)
                guard machine.next(now: now) else { return nil }
                return .next(takeBuffer())
            }
        case .error(let error):
            emit {
                buffer = []
                return machine.finish() ? .error(error) : nil
            }
        case .completed:
            emitEvents {
                guard machine.finish() else { return (nil, nil) }
                return (.next(takeBuffer()), .completed)
            }
        }
    }

    /// Holding the lock: the current array, leaving an empty one.
    func takeBuffer() -> [Element] {
        defer { buffer = [] }
        return buffer
    }

    override func closeChunk(if transition: () -> Bool) {
        emit { transition() ? .next(takeBuffer()) : nil }
    }
}
