/// A ``ReplaySubject`` that never ends.
public final class ReplayRelay<Element>: ObservableType {
    @usableFromInline
    let hub: SubjectHub<ReplayMemory<Element>>

    init(capacity: Int) {
        hub = SubjectHub(memory: ReplayMemory(capacity: capacity))
    }

    /// A relay that replays the last `bufferSize` elements to each new subscriber.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        precondition(bufferSize >= 0, "bufferSize must not be negative")
        return ReplayRelay(capacity: bufferSize)
    }

    /// A relay that replays every element it ever received.
    public static func createUnbound() -> ReplayRelay<Element> {
        ReplayRelay(capacity: Int.max)
    }

    // The members every relay forwards to `hub` are generated into Relays+Forwarding.swift.
    deinit {
        // Nobody can send or subscribe any more: let the observers go, so that they and the hub do not keep each
        // other alive.
        hub.releaseObservers()
    }
}
