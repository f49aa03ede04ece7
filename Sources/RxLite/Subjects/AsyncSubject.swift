/// The memory of a subject that emits only its last element, at completion.
struct AsyncMemory<Element>: SubjectMemory {
    static var subjectName: String { "AsyncSubject" }

    var last: Element?

    init() {}

    mutating func record(_ event: Event<Element>) -> Bool {
        switch event {
        case .next(let element):
            last = element
            return false
        case .completed: return false
        case .error: return true
        }
    }

    mutating func record(element: Element) -> Bool {
        last = element
        return false
    }

    var hasReplay: Bool { false }

    func replay() -> [Event<Element>] { [] }

    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>] {
        if case .completed = terminal, let last { return [.next(last), .completed] }
        return [terminal]
    }
}

/// A subject that emits nothing until it completes, then emits its last element (if any) and completes.
///
/// An error is forwarded at once and the last element is dropped. Thread-safe.
public final class AsyncSubject<Element>: Observable<Element>, ObserverType {
    let hub: SubjectHub<AsyncMemory<Element>>

    /// A subject with no observers.
    public init() {
        let hub = SubjectHub.make(memory: AsyncMemory<Element>())
        self.hub = hub
        super.init(keptAliveBySubscriptions: true) { sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }

    /// Whether anyone is subscribed now.
    public var hasObservers: Bool { hub.hasObservers }

    /// Whether ``dispose()`` was called on the subject.
    public var isDisposed: Bool { hub.isDisposed }

    /// Keeps a `.next` element as the one to send at completion; completion sends it to every current observer,
    /// then completes, and an error goes out at once.
    public func on(_ event: Event<Element>) { hub.on(event) }

    /// Keeps `element` as the last one, to be emitted at completion: `on(.next(element))`.
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

extension AsyncSubject: @unchecked Sendable where Element: Sendable {}
