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
            let state = ConcatMapStorage(selector: concatMap.function, lifetime: lifetime, sink: sink)
            guard let sourceLifetime = lifetime.makeChild() else { return }
            concatMap.source.runSubscription(
                { event in
                    switch event {
                    case .next(let element): state.enqueue(element)
                    case .error(let error): state.emitter.emit(.error(error))
                    case .completed:
                        // The inner sequences may go on: release the source now (the rule "Consume a terminal, dispose
                        // its upstream").
                        sourceLifetime.finishChild()
                        state.sourceCompleted()
                    }
                }, sourceLifetime)
        }
    }
}

/// What `concatMap` keeps as its state, under the emitter's lock.
///
/// Invariants (debug builds check them after every transition, ``ConcatMapStorage/_checkInvariants(_:)``):
/// `isInnerActive` is `true` from the moment an inner sequence is picked to run until it completes; while it is
/// `true`, new inner sequences wait in `queued`. `nextToSubscribe` holds the picked one until the subscribe loop
/// takes it. So inner sequences wait (in `queued` or `nextToSubscribe`) only while `isInnerActive`.
struct ConcatMapState<InnerElement> {
    var queued = RingBuffer<Observable<InnerElement>>()
    var nextToSubscribe: Observable<InnerElement>?
    var isInnerActive = false
    var isSourceCompleted = false
}

/// The storage of one `concatMap` subscription.
///
/// The subscribe loop is a ``ResubscriptionLoop``: an inner sequence that completes at once does not recurse. Every event to the subscriber goes through the emitter's drain, since the
/// source and the inner sequence may emit on different threads; the end is admitted under the same lock that
/// decides it. `selector` runs outside the lock.
final class ConcatMapStorage<Element, Inner: ObservableConvertibleType> {
    let emitter: SerializedEmitter<Inner.Element, ConcatMapState<Inner.Element>>
    let selector: (Element) throws -> Inner
    let lifetime: Lifetime
    /// The ``ResubscriptionLoop``'s count of calls not yet served.
    let subscribeRequests = RxAtomic(0)

    /// A storage delivering to `sink`.
    init(selector: @escaping (Element) throws -> Inner, lifetime: Lifetime, sink: EventSink<Inner.Element>) {
        emitter = .make(sink: sink, state: ConcatMapState())
        self.selector = selector
        self.lifetime = lifetime
    }

    /// A source element: maps it at once, then runs its sequence now or queues it behind the one in progress.
    func enqueue(_ element: Element) {
        let inner: Observable<Inner.Element>
        do { inner = try selector(element).asObservable() } catch {
            emitter.emit(.error(error))
            return
        }
        let startsNow = emitter.withLock { state in
            defer { _checkInvariants(state) }
            if state.isInnerActive {
                state.queued.append(inner)
                return false
            }
            state.isInnerActive = true
            state.nextToSubscribe = inner
            return true
        }
        if startsNow { subscribeNext() }
    }

    func sourceCompleted() {
        emitter.emit { state in
            state.isSourceCompleted = true
            _checkInvariants(state)
            return state.isInnerActive ? nil : .completed
        }
    }

    func innerCompleted() {
        var subscribesNext = false
        emitter.emit { state in
            defer { _checkInvariants(state) }
            if let next = state.queued.popFirst() {
                state.nextToSubscribe = next
                subscribesNext = true
                return nil
            }
            state.isInnerActive = false
            return state.isSourceCompleted ? .completed : nil
        }
        if subscribesNext { subscribeNext() }
    }

    func subscribeNext() {
        let lifetime = lifetime
        ResubscriptionLoop(requests: subscribeRequests.view).run {
            // `false` is final: the subscription has ended.
            guard lifetime.isActive else { return false }
            let next = emitter.withLock { state in
                defer { _checkInvariants(state) }
                return state.nextToSubscribe.take()
            }
            if let inner = next {
                guard let child = lifetime.makeChild() else { return false }
                inner.subscribeTopLevel(
                    { [self] event in
                        if case .completed = event {
                            child.finishChild()
                            innerCompleted()
                        } else {
                            emitter.emit(event)
                        }
                    }, child)
            }
            return true
        }
    }

    /// Debug builds, holding the lock: traps unless inner sequences wait only while one is active.
    func _checkInvariants(_ state: ConcatMapState<Inner.Element>) {
        #if DEBUG
            precondition(
                state.isInnerActive || (state.queued.isEmpty && state.nextToSubscribe == nil),
                "Internal inconsistency: concatMap holds inner sequences while none is active")
        #endif
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of each inner sequence in turn, subscribing to the next when one completes: `concatMap`
    /// of the identity.
    public func concat() -> Observable<Element.Element> {
        concatMap { $0 }
    }
}
