extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then emits the rest. An error from `other` is
    /// emitted and ends the sequence; if `other` completes without an element, no source element is ever emitted.
    /// The source's error ends the sequence; its completion does only once `other` has emitted: before that, as in
    /// RxSwift, both subscriptions are let go of and the sequence never ends.
    ///
    /// The source is subscribed first, as in RxSwift, so a source that emits everything at once emits nothing.
    /// Events from the two may arrive on different threads; they are delivered one at a time.
    ///
    /// [skipUntil](https://reactivex.io/documentation/operators/skipuntil.html)
    public func skip<Other: ObservableType>(until other: Other) -> Observable<Element> {
        let source = asObservable()
        let other = other.asObservable()
        return Observable { sink, lifetime, _ in
            // Both upstreams live in `work`, so that a completion arriving while the gate is closed can end both
            // without ending the subscription.
            guard let work = lifetime.makeChild() else { return }
            let state = SkipUntilStorage.make(sink: sink, state: SkipUntilGate())
            source.runSubscription(
                { event in
                    if !state.forwardSource(event) { work.finishChild() }
                }, work)
            guard let otherLifetime = work.makeChild() else { return }
            other.runSubscription(
                { event in
                    switch event {
                    case .next: state.open()
                    case .error(let error):
                        state.emit(.error(error))
                        return
                    case .completed: break
                    }
                    // `other` has said all it can: its first element opened the gate, or it ended (the rule "Consume a
                    // terminal, dispose its upstream").
                    otherLifetime.finishChild()
                }, otherLifetime)
        }
    }
}

/// What `skip(until:)` keeps under its emitter's lock: pure data, one flag.
struct SkipUntilGate {
    /// Becomes `true` when `other` emits; source elements pass from then on. Guarded by the emitter's lock.
    var isOpen = false
}

/// The storage of one `skip(until:)` subscription: its gate under an emitter, and nothing else.
typealias SkipUntilStorage<Element> = SerializedEmitter<Element, SkipUntilGate>

extension SerializedEmitter where State == SkipUntilGate {
    func open() {
        withLock { $0.isOpen = true }
    }

    /// Emits a source event if the gate lets it through; returns `false` for a completion that came while the gate
    /// was closed, which stops this state for good (nothing is emitted after it).
    func forwardSource(_ event: Event<Output>) -> Bool {
        var keepsGoing = true
        emit { state in
            if !state.isOpen {
                switch event {
                case .next:
                    return nil
                case .completed:
                    isStopped = true
                    keepsGoing = false
                    return nil
                case .error: break
                }
            }
            return event
        }
        return keepsGoing
    }
}
