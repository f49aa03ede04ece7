/// Where a registration goes to leave: its hub, seen without its element type, so that ending a subscription
/// (which runs through `any Disposable`, in unspecialized code) needs no generic metadata lookups.
protocol RegistrationOwner: AnyObject {
    func remove(_ registration: HubRegistration)
}

/// One subscriber of a subject, as the hub's list and the subscription's lifetime see it: inserted into the
/// lifetime, it removes itself from the hub when the subscription ends.
class HubRegistration: Disposable {
    /// Counts ``SinkRegistration``s too: the subclass adds none of its own.
    let live = LiveResource()
    let lifetime: Lifetime
    /// Strong: the hub and its registrations do keep each other alive while any of them is listed; the subject
    /// that owns the hub breaks that when it goes away (``SubjectHub/releaseObservers()``). A weak reference cost a
    /// side-table allocation per subject.
    let owner: any RegistrationOwner
    /// This registration's key among `lifetime`'s resources; set before the hub ever sees the registration.
    var keyInLifetime: UInt64 = 0
    /// Its index in the hub's ``RegistrationList`` while listed, -1 otherwise. Guarded by the hub's lock.
    var slot = -1

    init(lifetime: Lifetime, owner: any RegistrationOwner) {
        self.lifetime = lifetime
        self.owner = owner
    }

    final func dispose() { owner.remove(self) }

    /// Takes this registration out of its subscription's lifetime, for a hub that lets it go on its own (the end,
    /// `dispose()`, deinit): the lifetime and the registration (through its sink) would otherwise keep each other
    /// alive.
    final func leaveLifetime() { lifetime.remove(key: keyInLifetime) }
}

/// A subscriber whose own thread replays to it before it is attached, and the events its hub accepted since its
/// replay was taken. `buffer` is guarded by the hub's lock.
final class ReplayInProgress<Element> {
    let registration: SinkRegistration<Element>
    var buffer: [Event<Element>] = []

    init(_ registration: SinkRegistration<Element>) {
        self.registration = registration
    }
}

/// A registration with where its events go.
final class SinkRegistration<Element>: HubRegistration {
    let sink: EventSink<Element>

    init(sink: EventSink<Element>, lifetime: Lifetime, owner: any RegistrationOwner) {
        self.sink = sink
        super.init(lifetime: lifetime, owner: owner)
    }
}
