/// Where a source sends the events of one subscription: an element, a failure and the end each through a method of
/// its own, so that an element travels down a chain as the element itself and no `Event` is built per hop.
///
/// Why a class with three methods rather than a closure taking an `Event`: RxLite is compiled once for every element
/// type (nothing is `@inlinable`), and unspecialized code that builds or takes apart an `Event<Element>` looks up that
/// type's metadata, a hash-table search, on every call. A method of a generic class reads its type parameters from
/// the object, and an element passed as itself needs no type formed from it, so a hop through `on(next:)` looks up
/// nothing.
///
/// Each operator's sink is a final subclass (``ForwardingSink`` for one with a single downstream). The base class's
/// methods are the one place RxLite keeps methods meant only to be overridden: an existential (`any` of a protocol)
/// instead would ask the runtime for the object's type on every call.
///
/// The contract is the observer's: never called concurrently, nothing after a terminal event.
class EventSink<Element> {
    init() {}

    /// Receives an element.
    func on(next element: Element) {
        preconditionFailure("Internal inconsistency: \(Self.self) receives no elements")
    }

    /// Receives the failure that ends the sequence.
    func on(error: any Error) {
        preconditionFailure("Internal inconsistency: \(Self.self) receives no failure")
    }

    /// Receives the end of the sequence.
    func onCompleted() {
        preconditionFailure("Internal inconsistency: \(Self.self) receives no completion")
    }

    /// Receives `event`, for a source that holds an `Event` (a recorded or queued one): a sink that works on whole
    /// events overrides it, the others take it apart here.
    func callAsFunction(_ event: Event<Element>) {
        switch event {
        case .next(let element): on(next: element)
        case .error(let error): on(error: error)
        case .completed: onCompleted()
        }
    }
}

/// A sink whose operator works on whole events: a closure that takes each `Event`. The operators not on a hot path
/// are written this way, which reads as RxSwift's `on(_ event:)`; an element reaching one is built into an `Event`
/// again.
final class ClosureSink<Element>: EventSink<Element> {
    let handler: (Event<Element>) -> Void

    init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
    }

    override func on(next element: Element) { handler(.next(element)) }

    override func on(error: any Error) { handler(.error(error)) }

    override func onCompleted() { handler(.completed) }

    override func callAsFunction(_ event: Event<Element>) { handler(event) }
}

/// A sink that hands failure and completion on to `downstream` as they come: the base of an operator that changes
/// only elements (`map`, `filter`, ...).
class ForwardingSink<Input, Output>: EventSink<Input> {
    let downstream: EventSink<Output>

    init(_ downstream: EventSink<Output>) {
        self.downstream = downstream
    }

    override final func on(error: any Error) { downstream.on(error: error) }

    override final func onCompleted() { downstream.onCompleted() }
}

/// An `Event` seen through a type parameter of its own: code generic over the event type (`Routed: EventRouting`)
/// reads `Event<Element>`'s metadata from its parameter instead of looking it up from `Element` on every call.
/// ``Event`` is the one conforming type.
///
/// A class generic over the event type keeps that metadata in the object (its class's), so a method that takes an
/// `Event` apart (``route(to:)``) or builds one costs no lookup: the sink of a `create` observer, a subject's hub.
protocol EventRouting<Element> {
    associatedtype Element

    /// Whether it ends the sequence.
    var isStopEvent: Bool { get }

    /// Hands the event to `sink` through the method for its kind.
    func route(to sink: EventSink<Element>)

    /// An element event.
    static func next(_ element: Element) -> Self

    /// The completion event.
    static var completed: Self { get }

    /// The failure event.
    static func error(_ error: any Error) -> Self
}

extension Event: EventRouting {
    func route(to sink: EventSink<Element>) {
        switch self {
        case .next(let element): sink.on(next: element)
        case .error(let error): sink.on(error: error)
        case .completed: sink.onCompleted()
        }
    }
}
