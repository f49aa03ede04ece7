/// The memory of a subject that keeps its latest element.
struct BehaviorMemory<Element>: SubjectMemory {
    static var subjectName: String { "BehaviorSubject" }

    var value: Element

    init(value: Element) { self.value = value }

    mutating func record(_ event: Event<Element>) -> Bool {
        if case .next(let element) = event { value = element }
        return true
    }

    mutating func record(element: Element) -> Bool {
        value = element
        return true
    }

    var hasReplay: Bool { true }

    func replay() -> [Event<Element>] { [.next(value)] }

    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>] { [terminal] }
}

/// A subject that holds a current value: a new subscriber gets it first, then every later event.
///
/// Thread-safe, with the delivery rules of ``PublishSubject``.
public final class BehaviorSubject<Element>: Observable<Element>, ObserverType {
    let hub: SubjectHub<BehaviorMemory<Element>>

    /// A subject whose current value is `value`.
    public init(value: Element) {
        let hub = SubjectHub.make(memory: BehaviorMemory(value: value))
        self.hub = hub
        super.init(keptAliveBySubscriptions: true) { sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }

    /// The current value. Throws the subject's error after it failed, and `RxError.disposed` after `dispose()`.
    public func value() throws -> Element {
        let current = hub.locked { state, memory, _, _ -> Result<Element, any Error> in
            if state.isDisposed { return .failure(RxError.disposed(object: "BehaviorSubject")) }
            if case .error(let error) = state.terminal { return .failure(error) }
            return .success(memory.value)
        }
        return try current.get()
    }

    /// Whether anyone is subscribed now.
    public var hasObservers: Bool { hub.hasObservers }

    /// Whether ``dispose()`` was called on the subject.
    public var isDisposed: Bool { hub.isDisposed }

    /// Sets the current value (for `.next`) and sends `event` to every current observer.
    public func on(_ event: Event<Element>) { hub.on(event) }

    /// Makes `element` the current value and sends it to every current observer: `on(.next(element))`.
    public func onNext(_ element: Element) { hub.on(next: element) }

    /// Releases every observer; later subscribers get `RxError.disposed`. An event being delivered at that moment
    /// still reaches every observer first.
    public func dispose() { hub.dispose() }

    override func feedSink(connection: Lifetime, beforeEnd: @escaping () -> Void) -> EventSink<Element>? {
        SubjectFeedSink(subject: self, hub: hub, connection: connection, beforeEnd: beforeEnd)
    }

    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}

extension BehaviorSubject: @unchecked Sendable where Element: Sendable {}
