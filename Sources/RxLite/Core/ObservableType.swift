/// A push-based sequence: ``Observable`` and everything that wraps one.
///
/// Operators are defined on this protocol, so they read the same on every sequence type. As in RxSwift, a type
/// conforms by implementing ``subscribe(_:)`` (a hand-written source or subject) or
/// ``ObservableConvertibleType/asObservable()`` (a wrapper of an ``Observable``); each gets the other from the one it
/// implements.
public protocol ObservableType<Element>: ObservableConvertibleType {
    /// Subscribes `observer`, which gets every event; returns the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Element
}

extension ObservableType {
    /// This sequence as an ``Observable``, for a type that implements only ``subscribe(_:)``: each subscription
    /// calls it with an observer that forwards to the chain, and disposing the chain disposes what it returned.
    public func asObservable() -> Observable<Element> {
        Observable { sink, lifetime, _ in
            lifetime.insert(subscribe(ForeignSourceObserver(lifetime: lifetime, sink: sink)))
        }
    }
}

/// The observer a hand-written ``ObservableType`` is subscribed with: keeps the sequence's grammar (nothing after a
/// terminal event or disposal) for a source that is not RxLite's own, and serializes nothing (the source owes that).
struct ForeignSourceObserver<Element>: ObserverType {
    let lifetime: Lifetime
    let sink: EventSink<Element>

    init(lifetime: Lifetime, sink: EventSink<Element>) {
        self.lifetime = lifetime
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        if lifetime.isActive { sink(event) }
    }
}
