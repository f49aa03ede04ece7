/// A type-erased observer: forwards every event to a closure or to the observer it wraps.
public struct AnyObserver<Element>: ObserverType {
    /// The closure that receives events.
    public typealias EventHandler = (Event<Element>) -> Void

    let eventHandler: EventHandler

    /// An observer that calls `eventHandler` with every event.
    public init(eventHandler: @escaping EventHandler) {
        self.eventHandler = eventHandler
    }

    /// An observer that forwards every event to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        if let erased = observer as? AnyObserver<Element> {
            self = erased
        } else {
            self.eventHandler = observer.on
        }
    }

    public func on(_ event: Event<Element>) { eventHandler(event) }

    /// Itself: it is already type-erased.
    public func asObserver() -> AnyObserver<Element> { self }
}

/// An `AnyObserver` of `Sendable` elements can be handed to another thread: the observers RxLite gives out
/// (`create`'s, a subject's or relay's) accept calls from any thread and deliver them one at a time. One made with
/// ``AnyObserver/init(eventHandler:)`` from your own closure is only as thread-safe as that closure.
extension AnyObserver: @unchecked Sendable where Element: Sendable {}
