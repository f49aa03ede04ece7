import RxLite

/// A sequence of UI events (`button.rx.tap`): it never fails, delivers on the main queue, and completes when its
/// control is deallocated. It sends no value on subscription.
///
/// As in RxCocoa, it is an `ObservableType`, so every operator applies:
/// `button.rx.tap.throttle(.seconds(3), latest: false, scheduler: MainScheduler.instance)`.
public struct ControlEvent<Element>: ControlEventType {
    /// RxCocoa's name for the element type.
    public typealias PropertyType = Element

    let events: Observable<Element>

    /// Wraps `events`, which must never fail, must deliver on the main queue and should complete when its control is
    /// deallocated. As in RxCocoa, `events` is subscribed to on the main queue (at once when subscribed there),
    /// whoever made the `ControlEvent`.
    public init<Events: ObservableType>(events: Events) where Events.Element == Element {
        // Unchecked: the events are produced on the main queue, where the subscription is made; nothing crosses.
        self.events = events.asObservable().uncheckedSubscribe(on: ConcurrentMainScheduler.instance)
    }

    /// The events, delivered on the main queue; the sequence never fails.
    public func asObservable() -> Observable<Element> { events }

    /// This sequence as a `ControlEvent` (for symmetry with RxCocoa).
    public func asControlEvent() -> ControlEvent<Element> { self }

    /// The events as an `Infallible`, which states in its type what a control event guarantees: it never fails.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}
