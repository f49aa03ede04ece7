/// Something that receives the events of a sequence.
///
/// The sequence that feeds an observer never calls `on(_:)` from two threads at once and never calls it again
/// after a terminal event.
public protocol ObserverType<Element> {
    /// The type of the elements received.
    associatedtype Element

    /// Receives one event.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }

    /// Sends `.completed`.
    public func onCompleted() { on(.completed) }

    /// Sends `.error(error)`.
    public func onError(_ error: any Error) { on(.error(error)) }

    /// This observer, type-erased.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }
}

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

extension ObserverType {
    /// An observer of `Result`s that sends each, transformed by `transform`, to this observer; an error `transform`
    /// throws is sent as `.error`, as RxSwift's `mapObserver` does.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in
            switch event {
            case .next(let element):
                do {
                    self.on(.next(try transform(element)))
                } catch {
                    self.on(.error(error))
                }
            case .error(let error): self.on(.error(error))
            case .completed: self.on(.completed)
            }
        }
    }
}
