/// How long the subject behind ``ObservableType/share(replay:scope:)`` lives.
public enum SubjectLifetimeScope: Sendable {
    /// A new subject for each connection: after the source ends or every subscriber leaves, the next subscriber
    /// starts the source again with an empty replay buffer.
    case whileConnected
    /// One subject forever: the replay buffer and the end of the source are kept for later subscribers.
    case forever
}

extension ObservableType {
    /// Shares one subscription to this sequence among all subscribers, replaying the last `replay` elements to
    /// each new one. The source starts with the first subscriber and stops when the last one leaves.
    ///
    /// [share](https://reactivex.io/documentation/operators/refcount.html)
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            if replay == 0 { return multicast(PublishSubject<Element>()).refCount() }
            return multicast(ReplaySubject<Element>.create(bufferSize: replay)).refCount()
        case .whileConnected:
            precondition(replay >= 0, "replay must not be negative")
            if replay == 0 {
                let state = ShareWhileConnectedStorage(
                    source: asObservable(), makeMemory: { PublishMemory<Element>() })
                return Observable { sink, lifetime, _ in state.subscribe(sink, lifetime) }
            }
            if replay == 1 {
                let state = ShareWhileConnectedStorage(
                    source: asObservable(), makeMemory: { LatestMemory<Element?>() })
                return Observable { sink, lifetime, _ in state.subscribe(sink, lifetime) }
            }
            let state = ShareWhileConnectedStorage(
                source: asObservable(), makeMemory: { ReplayMemory<Element>(capacity: replay) })
            return Observable { sink, lifetime, _ in state.subscribe(sink, lifetime) }
        }
    }
}
