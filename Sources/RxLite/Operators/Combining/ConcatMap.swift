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

/// What `concatMap` keeps under its emitter's lock: the inner sequences waiting their turn.
///
/// Invariants (debug builds check them after every transition): `isInnerActive` is `true` from the moment an inner
/// sequence is picked to run until it completes; while it is `true`, new inner sequences wait in `queued`.
/// `nextToSubscribe` holds the picked one until the subscribe loop takes it. So inner sequences wait (in `queued` or
/// `nextToSubscribe`) only while `isInnerActive`.
struct ConcatMapStateMachine<InnerElement> {
    private var queued = RingBuffer<Observable<InnerElement>>()
    private var nextToSubscribe: Observable<InnerElement>?
    private var isInnerActive = false
    private var isSourceCompleted = false

    init() {}

    /// The source's element mapped to `inner`: whether it is picked to run now (no inner runs); else it waits.
    mutating func innerArrived(_ inner: Observable<InnerElement>) -> Bool {
        defer { _checkInvariants() }
        if isInnerActive {
            queued.append(inner)
            return false
        }
        isInnerActive = true
        nextToSubscribe = inner
        return true
    }

    /// The source completed; whether that completes the output (no inner runs).
    mutating func sourceCompleted() -> Bool {
        defer { _checkInvariants() }
        isSourceCompleted = true
        return !isInnerActive
    }

    /// The running inner sequence completed: the next waiting one is picked (`subscribesNext`), or the output
    /// completes when the source has (the returned `Bool`).
    mutating func innerCompleted(subscribesNext: inout Bool) -> Bool {
        defer { _checkInvariants() }
        if let next = queued.popFirst() {
            nextToSubscribe = next
            subscribesNext = true
            return false
        }
        isInnerActive = false
        return isSourceCompleted
    }

    /// For the subscribe loop: the picked inner sequence, if one waits.
    mutating func takeNextToSubscribe() -> Observable<InnerElement>? {
        defer { _checkInvariants() }
        return nextToSubscribe.take()
    }

    /// Debug builds: traps unless inner sequences wait only while one is active.
    func _checkInvariants() {
        #if DEBUG
            precondition(
                isInnerActive || (queued.isEmpty && nextToSubscribe == nil),
                "Internal inconsistency: concatMap holds inner sequences while none is active")
        #endif
    }
}

/// The storage of one `concatMap` subscription.
///
/// The subscribe loop is a ``ResubscriptionLoop``: an inner sequence that completes at once does not recurse. Every
/// event to the subscriber goes through the emitter's drain, since the source and the inner sequence may emit on
/// different threads; the end is admitted under the same lock that decides it. `selector` runs outside the lock.
final class ConcatMapStorage<Element, Inner: ObservableConvertibleType> {
    let emitter: SerializedEmitter<Inner.Element, ConcatMapStateMachine<Inner.Element>>
    let selector: (Element) throws -> Inner
    let lifetime: Lifetime
    /// The ``ResubscriptionLoop``'s count of calls not yet served.
    let subscribeRequests = RxAtomic(0)

    /// A storage delivering to `sink`.
    init(selector: @escaping (Element) throws -> Inner, lifetime: Lifetime, sink: EventSink<Inner.Element>) {
        emitter = .make(sink: sink, state: ConcatMapStateMachine())
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
        if emitter.withLock({ $0.innerArrived(inner) }) { subscribeNext() }
    }

    func sourceCompleted() {
        emitter.emitCompletion { $0.sourceCompleted() }
    }

    func innerCompleted() {
        var subscribesNext = false
        emitter.emitCompletion { $0.innerCompleted(subscribesNext: &subscribesNext) }
        if subscribesNext { subscribeNext() }
    }

    func subscribeNext() {
        let lifetime = lifetime
        ResubscriptionLoop(requests: subscribeRequests.view).run {
            // `false` is final: the subscription has ended.
            guard lifetime.isActive else { return false }
            let next = emitter.withLock { $0.takeNextToSubscribe() }
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
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Emits the elements of each inner sequence in turn, subscribing to the next when one completes: `concatMap`
    /// of the identity.
    public func concat() -> Observable<Element.Element> {
        concatMap { $0 }
    }
}
