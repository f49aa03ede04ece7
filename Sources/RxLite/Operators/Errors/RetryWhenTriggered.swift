extension ObservableType {
    /// Emits the source's events; when the source fails with a `Failure`, hands the error to the sequence that
    /// `notificationHandler` made (once per subscription, before the first attempt) and waits: that sequence's next
    /// element subscribes to the source again, its completion completes, its error fails. What it sends while no
    /// failure is waiting is ignored, except an end, which is kept for the next failure (as in RxSwift, whose
    /// trigger is observed through a subject). An error of another type is emitted at once.
    func retryWhenTriggered<Trigger: ObservableType, Failure: Error>(
        _ notificationHandler: @escaping (Observable<Failure>) -> Trigger
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let state = RetryWhenStorage<Element, Failure>(source: source, lifetime: lifetime, sink: sink)
            let trigger = notificationHandler(state.errors.asObservable()).asObservable()
            trigger.subscribeChild(of: lifetime) { state.onTrigger($0) }
            state.subscribeNext()
        }
    }
}

/// What `retry(when:)` keeps as its state, under the emitter's lock.
///
/// Invariants (debug builds check them after every transition): a trigger's end is kept only while no failure
/// waits (one that ends the trigger while a failure waits goes out at once).
struct RetryWhenState {
    /// A failure was handed to the trigger and no attempt runs.
    var isWaiting = false
    /// The trigger ended while no failure was waiting; applied at the next failure.
    var triggerEnd: Event<Never>?

    /// Debug builds: traps unless a trigger's end is kept only while no failure waits.
    func _checkInvariants() {
        #if DEBUG
            precondition(
                !(isWaiting && triggerEnd != nil),
                "Internal inconsistency: retry(when:) keeps the trigger's end while a failure waits")
        #endif
    }
}

/// The storage of one `retry(when:)` subscription.
///
/// Invariants: at most one attempt is live; a failed attempt is released (the rule "Consume a terminal, dispose its
/// upstream") before its error reaches the trigger (debug builds check this one as the error is handed over; that
/// only one attempt runs follows from resubscribing only on a trigger's element while a failure waits, which no
/// state records). The trigger and the source may deliver on different threads, so the emitter's lock guards
/// `isWaiting` and `triggerEnd`, and output goes through the emitter's drain. Resubscribing goes through a
/// ``ResubscriptionLoop``, so a source that fails during subscribe and a trigger that answers at once do not recurse.
final class RetryWhenStorage<Element, Failure: Error> {
    let emitter: SerializedEmitter<Element, RetryWhenState>
    let source: Observable<Element>
    let lifetime: Lifetime
    /// The failures handed to the user's trigger.
    let errors = PublishSubject<Failure>()
    /// The ``ResubscriptionLoop``'s count of calls not yet served.
    let subscribeRequests = RxAtomic(0)

    /// A storage for one subscription to `source`, delivering to `sink`.
    init(source: Observable<Element>, lifetime: Lifetime, sink: EventSink<Element>) {
        emitter = .make(sink: sink, state: RetryWhenState())
        self.source = source
        self.lifetime = lifetime
    }

    func subscribeNext() {
        let lifetime = lifetime
        let source = source
        ResubscriptionLoop(requests: subscribeRequests.view).run {
            // `false` is final: the subscription has ended.
            guard lifetime.isActive, let attempt = lifetime.makeChild() else { return false }
            source.subscribeTopLevel({ [self] event in onSource(event, attempt: attempt) }, attempt)
            return true
        }
    }

    func onSource(_ event: Event<Element>, attempt: Lifetime) {
        guard case .error(let error) = event else { return emitter.emit(event) }
        guard let failure = error as? Failure else { return emitter.emit(event) }
        attempt.finishChild()
        var waits = false
        emitter.emit { state in
            if let end = state.triggerEnd { return end.retyped() }
            state.isWaiting = true
            waits = true
            state._checkInvariants()
            return nil
        }
        guard waits else { return }
        #if DEBUG
            precondition(attempt.isDisposed, "Internal inconsistency: a failed attempt is live as its error goes out")
        #endif
        errors.onNext(failure)
    }

    func onTrigger<TriggerElement>(_ event: Event<TriggerElement>) {
        var resubscribes = false
        emitter.emit { state in
            defer { state._checkInvariants() }
            let wasWaiting = state.isWaiting
            switch event {
            case .next:
                state.isWaiting = false
                resubscribes = wasWaiting
                return nil
            case .error(let error):
                guard wasWaiting else {
                    state.triggerEnd = .error(error)
                    return nil
                }
                return .error(error)
            case .completed:
                guard wasWaiting else {
                    state.triggerEnd = .completed
                    return nil
                }
                return .completed
            }
        }
        if resubscribes { subscribeNext() }
    }
}
