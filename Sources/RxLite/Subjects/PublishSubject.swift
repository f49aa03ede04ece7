/// The memory of a subject that remembers nothing.
@usableFromInline
struct PublishMemory<Element>: SubjectMemory {
    @usableFromInline
    static var subjectName: String { "PublishSubject" }

    // One byte of storage, never read. ThreadSanitizer (Swift 6.3.1, Linux) reports the hub's `memory.record(_:)`
    // modify access to a zero-sized stored property at the object's own address, where it "races" with every
    // unlocked read of the object header (method dispatch): a false report on each concurrent PublishSubject.
    // A non-empty struct has a real address. Reproducer and details: docs/RELIABILITY.md.
    @usableFromInline
    var sanitizerPadding: UInt8 = 0

    @inlinable
    init() {}
    @inlinable
    mutating func record(_ event: Event<Element>) -> Bool { true }
    @inlinable
    func replay() -> [Event<Element>] { [] }
    @inlinable
    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>] { [terminal] }
}

/// A subject that forwards each event to the observers subscribed at that moment.
///
/// Thread-safe: events may come from several threads at once; each observer gets them one at a time, in the
/// order they arrived, on the thread that is delivering (see "Differences from RxSwift"). A subscriber arriving after
/// the end gets the terminal event at once.
public final class PublishSubject<Element>: ObserverType, ObservableType {
    @usableFromInline
    let hub = SubjectHub(memory: PublishMemory<Element>())

    /// A subject with no observers.
    @inlinable
    public init() {}

    // The members every subject forwards to `hub` are generated into Subjects+Forwarding.swift.
    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}
