/// A sequence that shares one run of its source among its subscribers, started by ``connect()``:
/// ``ConnectableObservable`` and any custom connectable a program writes. `refCount()` works on every one.
public protocol ConnectableObservableType<Element>: ObservableType {
    /// Starts the source, feeding every subscriber; disposing the result stops it.
    func connect() -> any Disposable
}

extension ConnectableObservable: ConnectableObservableType {}

extension ConnectableObservableType {
    /// A sequence that connects when its first subscriber arrives and disconnects when its last one leaves; a
    /// subscriber that arrives after the source ended connects again.
    public func refCount() -> Observable<Element> {
        if let connectable = self as? ConnectableObservable<Element> { return connectable.countedBySubscribers() }
        return RefCountStorage.observable(counting: self)
    }
}
