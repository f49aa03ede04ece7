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
            let state = RetryWhenStorage<Element, Failure>(source: source, sink: sink, lifetime: lifetime)
            let trigger = notificationHandler(state.errors.asObservable()).asObservable()
            trigger.subscribeChild(of: lifetime) { state.onTrigger($0) }
            state.subscribeNext()
        }
    }
}

/// The state of one `retry(when:)` subscription.
///
/// Invariants: at most one attempt is live; a failed attempt is released (rule 4) before its error reaches the
/// trigger. The trigger and the source may deliver on different threads, so `lock` (from ``SerializedEmitter``)
/// guards `isWaiting` and `triggerEnd`, and output goes through the emitter's queue. Resubscribing goes through a
/// ``SubscriptionTrampoline`` (rule 6), so a source that fails during subscribe and a trigger that answers at once
/// do not recurse.
final class RetryWhenStorage<Element, Failure: Error>: SerializedEmitter<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let lifetime: Lifetime
    /// The failures handed to the user's trigger.
    let errors = PublishSubject<Failure>()
    let trampoline = SubscriptionTrampoline()
    /// Guarded by `lock`: a failure was handed to the trigger and no attempt runs.
    var isWaiting = false
    /// Guarded by `lock`: the trigger ended while no failure was waiting; applied at the next failure.
    var triggerEnd: Event<Never>?

    init(source: Observable<Element>, sink: @escaping EventSink<Element>, lifetime: Lifetime) {
        self.source = source
        self.lifetime = lifetime
        super.init(sink: sink)
    }

    func subscribeNext() {
        trampoline.run {
            // `false` is final: the subscription has ended.
            guard lifetime.isActive, let attempt = lifetime.makeChild() else { return false }
            source.subscribeTopLevel({ [self] event in onSource(event, attempt: attempt) }, attempt)
            return true
        }
    }

    func onSource(_ event: Event<Element>, attempt: Lifetime) {
        guard case .error(let error) = event else { return emit(event) }
        guard let failure = error as? Failure else { return emit(event) }
        attempt.finishChild()
        var waits = false
        emit {
            if let end = triggerEnd { return end.retyped() }
            isWaiting = true
            waits = true
            return nil
        }
        if waits { errors.onNext(failure) }
    }

    func onTrigger<TriggerElement>(_ event: Event<TriggerElement>) {
        var resubscribes = false
        emit {
            let wasWaiting = isWaiting
            switch event {
            case .next:
                isWaiting = false
                resubscribes = wasWaiting
                return nil
            case .error(let error):
                guard wasWaiting else {
                    triggerEnd = .error(error)
                    return nil
                }
                return .error(error)
            case .completed:
                guard wasWaiting else {
                    triggerEnd = .completed
                    return nil
                }
                return .completed
            }
        }
        if resubscribes { subscribeNext() }
    }
}
