/// The memory of a subject that keeps its latest element.
@usableFromInline
struct BehaviorMemory<Element>: SubjectMemory {
    @usableFromInline
    static var subjectName: String { "BehaviorSubject" }

    @usableFromInline
    var value: Element

    @inlinable
    init(value: Element) { self.value = value }

    @inlinable
    mutating func record(_ event: Event<Element>) -> Bool {
        if case .next(let element) = event { value = element }
        return true
    }

    @inlinable
    func replay() -> [Event<Element>] { [.next(value)] }

    @inlinable
    func replayAfterEnd(_ terminal: Event<Element>) -> [Event<Element>] { [terminal] }
}

/// A subject that holds a current value: a new subscriber gets it first, then every later event.
///
/// Thread-safe, with the delivery rules of ``PublishSubject``.
public final class BehaviorSubject<Element>: ObserverType, ObservableType {
    @usableFromInline
    let hub: SubjectHub<BehaviorMemory<Element>>

    /// A subject whose current value is `value`.
    @inlinable
    public init(value: Element) {
        hub = SubjectHub(memory: BehaviorMemory(value: value))
    }

    /// The current value. Throws the subject's error after it failed, and `RxError.disposed` after `dispose()`.
    public func value() throws -> Element {
        try hub.lock.withLock {
            if hub.isDisposed { throw RxError.disposed(object: "BehaviorSubject") }
            if case .error(let error) = hub.terminal { throw error }
            return hub.memory.value
        }
    }

    // The members every subject forwards to `hub` are generated into Subjects+Forwarding.swift.
    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}
