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

/// What `retry(when:)` keeps under its emitter's lock: whether a failure waits for the trigger, and a trigger's end
/// that came while none did.
///
/// Invariants (debug builds check them after every transition): a trigger's end is kept only while no failure
/// waits (one that ends the trigger while a failure waits goes out at once).
struct RetryWhenStateMachine {
    /// A failure was handed to the trigger and no attempt runs.
    private var isWaiting = false
    /// The trigger ended while no failure was waiting; applied at the next failure.
    private var triggerEnd: Event<Never>?

    init() {}

    /// An attempt failed with a failure the trigger handles: the trigger's kept end, which ends the output now; else
    /// `nil`, and the failure waits for the trigger (`waits`).
    mutating func attemptFailed(waits: inout Bool) -> Event<Never>? {
        defer { _checkInvariants() }
        if let triggerEnd { return triggerEnd }
        isWaiting = true
        waits = true
        return nil
    }

    /// The trigger sent an element: whether that resubscribes (a failure was waiting).
    mutating func triggerNext() -> Bool {
        defer { _checkInvariants() }
        let wasWaiting = isWaiting
        isWaiting = false
        return wasWaiting
    }

    /// The trigger ended with `end`: whether it ends the output now (a failure was waiting); else it is kept for the
    /// next failure.
    mutating func triggerEnded(_ end: Event<Never>) -> Bool {
        defer { _checkInvariants() }
        if isWaiting { return true }
        triggerEnd = end
        return false
    }

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
    let emitter: SerializedEmitter<Element, RetryWhenStateMachine>
    let source: Observable<Element>
    let lifetime: Lifetime
    /// The failures handed to the user's trigger.
    let errors = PublishSubject<Failure>()
    /// The ``ResubscriptionLoop``'s count of calls not yet served.
    let subscribeRequests = RxAtomic(0)

    /// A storage for one subscription to `source`, delivering to `sink`.
    init(source: Observable<Element>, lifetime: Lifetime, sink: EventSink<Element>) {
        emitter = .make(sink: sink, state: RetryWhenStateMachine())
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
        emitter.emit { $0.attemptFailed(waits: &waits)?.retyped() }
        guard waits else { return }
        #if DEBUG
            precondition(attempt.isDisposed, "Internal inconsistency: a failed attempt is live as its error goes out")
        #endif
        errors.onNext(failure)
    }

    func onTrigger<TriggerElement>(_ event: Event<TriggerElement>) {
        var resubscribes = false
        emitter.emit { state in
            switch event {
            case .next:
                resubscribes = state.triggerNext()
                return nil
            case .error(let error):
                return state.triggerEnded(.error(error)) ? .error(error) : nil
            case .completed:
                return state.triggerEnded(.completed) ? .completed : nil
            }
        }
        if resubscribes { subscribeNext() }
    }
}
