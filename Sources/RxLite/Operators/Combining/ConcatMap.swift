extension ObservableType {
    /// Maps each element to a sequence with `selector` and emits the elements of those sequences one sequence after
    /// another: the next inner sequence is subscribed when the one before completes, and sequences that arrive
    /// meanwhile wait in a queue. As in RxSwift, `selector` runs when each element arrives (a throwing `selector`
    /// fails the sequence then); only the subscription waits for its turn. Completes when the source and every inner sequence have completed. An error from
    /// the source, an inner sequence or `selector` is emitted and ends the sequence.
    ///
    /// The source and the inner sequences may emit on different threads; events are delivered one at a time.
    ///
    /// [flatMap](https://reactivex.io/documentation/operators/flatmap.html)
    public func concatMap<Inner: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Inner)
        -> Observable<Inner.Element>
    {
        UnaryOperatorObservable(asObservable(), selector) { sink, lifetime, observable in
            let concatMap = UnaryOperatorObservable<Element, Inner.Element, Element, Inner>.of(observable)
            let state = ConcatMapStorage(selector: concatMap.function, sink: sink, lifetime: lifetime)
            guard let sourceLifetime = lifetime.makeChild() else { return }
            concatMap.source.runSubscription(
                { event in
                    switch event {
                    case .next(let element): state.enqueue(element)
                    case .error(let error): state.emit(.error(error))
                    case .completed:
                        // The inner sequences may go on: release the source now (rule 4).
                        sourceLifetime.finishChild()
                        state.sourceCompleted()
                    }
                }, sourceLifetime)
        }
    }
}

/// The state of one `concatMap` subscription.
///
/// Invariants:
/// - Under `lock`: `isInnerActive` is `true` from the moment an inner sequence is picked to run until it
///   completes; while it is `true`, new inner sequences wait in `queued`. `nextToSubscribe` holds the picked one
///   until the subscribe loop takes it.
/// - The subscribe loop is a ``SubscriptionTrampoline`` (rule 6): an inner sequence that completes at once does not
///   recurse.
/// - Every event to the subscriber goes through the emitter's queue, since the source and the inner sequence may
///   emit on different threads (rule 2); the end is queued under the same lock that decides it. `selector` runs
///   outside the lock (rule 7).
final class ConcatMapStorage<Element, Inner: ObservableConvertibleType>: SerializedEmitter<Inner.Element>,
    @unchecked Sendable
{
    let selector: (Element) throws -> Inner
    let lifetime: Lifetime
    let trampoline = SubscriptionTrampoline()
    // Guarded by `lock`.
    var queued: [Observable<Inner.Element>] = []
    var queuedHead = 0
    var nextToSubscribe: Observable<Inner.Element>?
    var isInnerActive = false
    var isSourceCompleted = false

    init(
        selector: @escaping (Element) throws -> Inner, sink: @escaping EventSink<Inner.Element>, lifetime: Lifetime
    ) {
        self.selector = selector
        self.lifetime = lifetime
        super.init(sink: sink)
    }

    /// A source element: maps it at once, then runs its sequence now or queues it behind the one in progress.
    func enqueue(_ element: Element) {
        let inner: Observable<Inner.Element>
        do { inner = try selector(element).asObservable() } catch {
            emit(.error(error))
            return
        }
        let startsNow = lock.withLock {
            if isInnerActive {
                queued.append(inner)
                return false
            }
            isInnerActive = true
            nextToSubscribe = inner
            return true
        }
        if startsNow { subscribeNext() }
    }

    func sourceCompleted() {
        emit {
            isSourceCompleted = true
            return isInnerActive ? nil : .completed
        }
    }

    func innerCompleted() {
        var subscribesNext = false
        emit {
            if queuedHead < queued.count {
                nextToSubscribe = queued[queuedHead]
                queuedHead += 1
                if queuedHead == queued.count {
                    queued.removeAll(keepingCapacity: true)
                    queuedHead = 0
                }
                subscribesNext = true
                return nil
            }
            isInnerActive = false
            return isSourceCompleted ? .completed : nil
        }
        if subscribesNext { subscribeNext() }
    }

    func subscribeNext() {
        trampoline.run {
            // `false` is final: the subscription has ended.
            guard lifetime.isActive else { return false }
            let next = lock.withLock { () -> Observable<Inner.Element>? in
                defer { nextToSubscribe = nil }
                return nextToSubscribe
            }
            if let inner = next {
                guard let child = lifetime.makeChild() else { return false }
                inner.subscribeTopLevel(
                    { [self] event in
                        if case .completed = event {
                            child.finishChild()
                            innerCompleted()
                        } else {
                            emit(event)
                        }
                    }, child)
            }
            return true
        }
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of each inner sequence in turn, subscribing to the next when one completes: `concatMap`
    /// of the identity.
    public func concat() -> Observable<Element.Element> {
        concatMap { $0 }
    }
}
