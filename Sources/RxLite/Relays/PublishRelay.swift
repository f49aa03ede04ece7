/// A ``PublishSubject`` that never ends: `accept` feeds it, and it has no error or completion.
public final class PublishRelay<Element>: ObservableType {
    @usableFromInline
    let hub = SubjectHub(memory: PublishMemory<Element>())

    /// A relay with no observers.
    @inlinable
    public init() {}

    // The members every relay forwards to `hub` are generated into Relays+Forwarding.swift.
    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}
