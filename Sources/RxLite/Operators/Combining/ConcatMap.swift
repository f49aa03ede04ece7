import Synchronization

extension ObservableType {
    /// Maps each element to a sequence with `selector` and emits the elements of those sequences one sequence after
    /// another: the next inner sequence is subscribed when the one before completes, and elements that arrive
    /// meanwhile wait in a queue. Completes when the source and every inner sequence have completed. An error from
    /// the source, an inner sequence or `selector` is emitted and ends the sequence.
    ///
    /// The source and the inner sequences may emit on different threads; events are delivered one at a time.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    @inlinable
    public func concatMap<Inner: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Inner)
        -> Observable<Inner.Element>
    {
        let source = asObservable()
        return Observable { sink, lifetime in
            let state = ConcatMapState(selector: selector, sink: sink, lifetime: lifetime)
            let (sourceLifetime, sourceKey) = lifetime.makeChild()
            guard let sourceKey else { return }
            source.subscribeHandler(
                { event in
                    switch event {
                    case .next(let element): state.enqueue(element)
                    case .error(let error): state.output.on(.error(error))
                    case .completed:
                        // The inner sequences may go on: release the source now (rule 4).
                        lifetime.remove(sourceKey)
                        sourceLifetime.dispose()
                        state.sourceCompleted()
                    }
                }, sourceLifetime)
        }
    }
}

/// The state of one `concatMap` subscription.
///
/// Invariants:
/// - Under `lock`: `isInnerActive` is `true` from the moment an element is picked to run until its inner sequence
///   completes; while it is `true`, new elements wait in `queued`. `nextToSubscribe` holds the picked element until
///   the subscribe loop takes it.
/// - The subscribe loop is a trampoline like `concat`'s (rule 6): the thread that raises `pendingSubscriptions`
///   from zero subscribes; an inner sequence that completes at once only raises the count again.
/// - Every event to the subscriber goes through `output`, since the source and the inner sequence may emit on
///   different threads (rule 2). `selector` runs outside the lock (rule 7).
@usableFromInline
final class ConcatMapState<Element, Inner: ObservableConvertibleType>: @unchecked Sendable {
    @usableFromInline
    let selector: (Element) throws -> Inner
    @usableFromInline
    let output: SerializedSink<Inner.Element>
    @usableFromInline
    let lifetime: Lifetime
    @usableFromInline
    let pendingSubscriptions = Atomic<Int>(0)
    @usableFromInline
    let lock = SpinLock()
    // Guarded by `lock`.
    @usableFromInline
    var queued: [Element] = []
    @usableFromInline
    var queuedHead = 0
    @usableFromInline
    var nextToSubscribe: Element?
    @usableFromInline
    var isInnerActive = false
    @usableFromInline
    var isSourceCompleted = false

    @inlinable
    init(
        selector: @escaping (Element) throws -> Inner, sink: @escaping EventSink<Inner.Element>, lifetime: Lifetime
    ) {
        self.selector = selector
        self.output = SerializedSink(sink)
        self.lifetime = lifetime
        #if DEBUG
            Resources.increment()
        #endif
    }

    deinit {
        #if DEBUG
            Resources.decrement()
        #endif
    }

    /// A source element: runs it now, or queues it behind the inner sequence in progress.
    @inlinable
    func enqueue(_ element: Element) {
        lock.lock()
        if isInnerActive {
            queued.append(element)
            lock.unlock()
            return
        }
        isInnerActive = true
        nextToSubscribe = element
        lock.unlock()
        subscribeNext()
    }

    @inlinable
    func sourceCompleted() {
        lock.lock()
        isSourceCompleted = true
        let isFinished = !isInnerActive
        lock.unlock()
        if isFinished { output.on(.completed) }
    }

    @inlinable
    func innerCompleted() {
        lock.lock()
        if queuedHead < queued.count {
            nextToSubscribe = queued[queuedHead]
            queuedHead += 1
            if queuedHead == queued.count {
                queued.removeAll(keepingCapacity: true)
                queuedHead = 0
            }
            lock.unlock()
            subscribeNext()
            return
        }
        isInnerActive = false
        let isFinished = isSourceCompleted
        lock.unlock()
        if isFinished { output.on(.completed) }
    }

    @inlinable
    func subscribeNext() {
        if pendingSubscriptions.add(1, ordering: .acquiringAndReleasing).oldValue != 0 { return }
        repeat {
            // Leaving the loop without lowering the count is final: the subscription has ended.
            guard lifetime.isActive else { return }
            let element = lock.withLock { () -> Element? in
                defer { nextToSubscribe = nil }
                return nextToSubscribe
            }
            if let element {
                let inner: Observable<Inner.Element>
                do { inner = try selector(element).asObservable() } catch {
                    output.on(.error(error))
                    return
                }
                let (child, key) = lifetime.makeChild()
                guard let key else { return }
                inner.subscribeHandler(
                    { [self] event in
                        if case .completed = event {
                            lifetime.remove(key)
                            child.dispose()
                            innerCompleted()
                        } else {
                            output.on(event)
                        }
                    }, child)
            }
        } while pendingSubscriptions.subtract(1, ordering: .acquiringAndReleasing).newValue != 0
    }
}
