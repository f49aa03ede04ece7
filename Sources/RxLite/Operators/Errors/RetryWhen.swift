extension ObservableType {
    /// Emits the source's elements; when the source fails with an error of type `TriggerError`, hands the error to
    /// the sequence `notificationHandler` built, and subscribes to the source again each time that sequence emits.
    /// When the trigger sequence completes or fails, so does the result; an error of another type is emitted at once.
    ///
    /// `notificationHandler` runs once per subscription, with the sequence of the source's errors; its result is
    /// subscribed before the source. A trigger element that arrives while the source runs restarts it, as in RxSwift.
    ///
    /// ```swift
    /// request.retry(when: { errors in
    ///     errors.enumerated().flatMap { attempt, error in
    ///         attempt < 3 ? Observable<Int>.timer(.seconds(1), scheduler: scheduler) : .error(error)
    ///     }
    /// })
    /// ```
    ///
    /// [retry](https://reactivex.io/documentation/operators/retry.html)
    @inlinable
    public func retry<TriggerObservable: ObservableType, TriggerError: Error>(
        when notificationHandler: @escaping (Observable<TriggerError>) -> TriggerObservable
    ) -> Observable<Element> {
        retrying(TriggerError.self, when: notificationHandler)
    }

    /// `retry(when:)` for any error: every error of the source goes to `notificationHandler`'s sequence.
    @inlinable
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<any Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retrying((any Error).self, when: notificationHandler)
    }

    /// What both `retry(when:)` forms run (a call of one from the other resolves to itself).
    @inlinable
    func retrying<TriggerObservable: ObservableType, TriggerError: Error>(
        _: TriggerError.Type, when notificationHandler: @escaping (Observable<TriggerError>) -> TriggerObservable
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            let errors = PublishSubject<TriggerError>()
            let state = RetryWhenState(source: source, sink: sink, lifetime: lifetime) { error in
                guard let error = error as? TriggerError else { return false }
                errors.onNext(error)
                return true
            }
            let trigger = notificationHandler(errors.asObservable()).asObservable()
            trigger.subscribeHandler(state.onTrigger, lifetime)
            state.subscribeNext()
        }
    }
}

/// The state of one `retry(when:)` subscription: the running attempt, and the output queue that keeps the
/// attempt's events and the trigger's end one at a time.
///
/// Each attempt gets a child lifetime, ended when it fails (rule 4) or when a trigger element restarts it.
/// Resubscribing goes through a ``SubscriptionTrampoline`` (rule 6), so a trigger that answers an error
/// synchronously does not recurse.
@usableFromInline
final class RetryWhenState<Element>: SerializedEmitter<Element>, @unchecked Sendable {
    @usableFromInline
    let source: Observable<Element>
    @usableFromInline
    let lifetime: Lifetime
    /// Hands an error to the trigger's input; `false` when the error is not of the trigger's type.
    @usableFromInline
    let report: (any Error) -> Bool
    @usableFromInline
    let trampoline = SubscriptionTrampoline()
    // Guarded by `lock`: the lifetime of the running attempt.
    @usableFromInline
    @exclusivity(unchecked) var attempt: Lifetime?

    @inlinable
    init(
        source: Observable<Element>, sink: @escaping EventSink<Element>, lifetime: Lifetime,
        report: @escaping (any Error) -> Bool
    ) {
        self.source = source
        self.lifetime = lifetime
        self.report = report
        super.init(sink: sink)
    }

    @inlinable
    func onTrigger<Trigger>(_ event: Event<Trigger>) {
        switch event {
        case .next:
            let running = lock.withLock { () -> Lifetime? in
                defer { attempt = nil }
                return attempt
            }
            running?.finishChild()
            subscribeNext()
        case .error(let error): emit(.error(error))
        case .completed: emit(.completed)
        }
    }

    @inlinable
    func subscribeNext() {
        trampoline.run {
            guard lifetime.isActive, let child = lifetime.makeChild() else { return false }
            lock.withLock { attempt = child }
            source.subscribeHandler(
                { [self] event in
                    guard case .error(let error) = event else {
                        emit(event)
                        return
                    }
                    child.finishChild()
                    if !report(error) { emit(.error(error)) }
                }, child)
            return true
        }
    }
}
