/// The memory of a subject that remembers nothing.
struct PublishMemory<Element>: SubjectMemory {
    static var subjectName: String { "PublishSubject" }

    // One byte of storage, never read. ThreadSanitizer (Swift 6.3.1, Linux) reports the hub's `memory.record(_:)`
    // modify access to a zero-sized stored property at the object's own address, where it "races" with every
    // unlocked read of the object header (method dispatch): a false report on each concurrent PublishSubject.
    // A non-empty struct has a real address. Reproducer and details: docs/RELIABILITY.md.
    var sanitizerPadding: UInt8 = 0

    init() {}
    mutating func record(_ event: Event<Element>) -> Bool { true }
    mutating func record(element: Element) -> Bool { true }
    var hasReplay: Bool { false }
    func replay() -> [Event<Element>] { [] }
    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>] { [terminal] }
}

/// A subject that forwards each event to the observers subscribed at that moment.
///
/// Thread-safe: events may come from several threads at once; each observer gets them one at a time, in the
/// order they arrived, on the thread that is delivering (see "Differences from RxSwift"). A subscriber arriving after
/// the end gets the terminal event at once.
public final class PublishSubject<Element>: Observable<Element>, ObserverType {
    let hub: SubjectHub<PublishMemory<Element>>

    /// A subject with no observers.
    public init() {
        let hub = SubjectHub.make(memory: PublishMemory<Element>())
        self.hub = hub
        super.init(keptAliveBySubscriptions: true) { sink, lifetime, _ in hub.subscribe(sink, lifetime) }
    }

    /// Whether anyone is subscribed now.
    public var hasObservers: Bool { hub.hasObservers }

    /// Whether ``dispose()`` was called on the subject.
    public var isDisposed: Bool { hub.isDisposed }

    /// Sends `event` to every current observer.
    public func on(_ event: Event<Element>) { hub.on(event) }

    /// Sends `element` to every current observer: `on(.next(element))`.
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

extension PublishSubject: @unchecked Sendable where Element: Sendable {}
