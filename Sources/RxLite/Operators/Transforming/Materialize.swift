/// A type that carries an ``Event``: what ``ObservableType/dematerialize()`` accepts.
public protocol EventConvertible<Element> {
    /// The type of the elements of the event.
    associatedtype Element

    /// The event.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}

extension ObservableType {
    /// Emits every event of the source, its terminal event included, as an element; then completes. Never fails.
    ///
    /// [materialize](https://reactivex.io/documentation/operators/materialize-dematerialize.html)
    public func materialize() -> Observable<Event<Element>> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            source.runSubscription(
                { event in
                    sink.on(next: event)
                    if event.isStopEvent && lifetime.isActive { sink.onCompleted() }
                }, lifetime)
        }
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns elements that are events back into events: `.next` elements are emitted, and the first `.error` or
    /// `.completed` element ends the sequence. The source's own terminal event ends it too.
    ///
    /// [dematerialize](https://reactivex.io/documentation/operators/materialize-dematerialize.html)
    public func dematerialize() -> Observable<Element.Element> {
        let source = asObservable()
        return Observable { sink, lifetime, _ in
            // Set once a terminal event went out. That terminal came from an element, not from the source, so the
            // source may still send events (its own terminal at least) before it sees the lifetime stop.
            var isStopped = false
            source.runSubscription(
                { event in
                    guard !isStopped else { return }
                    switch event {
                    case .next(let element):
                        let carried = element.event
                        if carried.isStopEvent { isStopped = true }
                        sink(carried)
                    case .error(let error):
                        isStopped = true
                        sink.on(error: error)
                    case .completed:
                        isStopped = true
                        sink.onCompleted()
                    }
                }, lifetime)
        }
    }
}
