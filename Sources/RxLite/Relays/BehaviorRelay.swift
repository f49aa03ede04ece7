/// A ``BehaviorSubject`` that never ends: it holds `value`, `accept` replaces it, and subscribers get the current
/// value first.
public final class BehaviorRelay<Element>: ObservableType {
    @usableFromInline
    let hub: SubjectHub<BehaviorMemory<Element>>

    /// A relay whose current value is `value`.
    @inlinable
    public init(value: Element) {
        hub = SubjectHub(memory: BehaviorMemory(value: value))
    }

    /// The current value.
    public var value: Element { hub.lock.withLock { hub.memory.value } }

    // The members every relay forwards to `hub` are generated into Relays+Forwarding.swift.
    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}
