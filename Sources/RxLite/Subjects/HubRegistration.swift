/// Where a registration goes to leave: its hub, seen without its element type, so that ending a subscription
/// (which runs through `any Disposable`, in unspecialized code) needs no generic metadata lookups.
@usableFromInline
protocol RegistrationOwner: AnyObject {
    func remove(_ registration: HubRegistration)
}

/// One subscriber of a subject, as the hub's list and the subscription's lifetime see it: inserted into the
/// lifetime, it removes itself from the hub when the subscription ends.
@usableFromInline
class HubRegistration: Disposable {
    /// Counts ``SinkRegistration``s too: the subclass adds none of its own.
    @usableFromInline
    let live = LiveResource()
    @usableFromInline
    let lifetime: Lifetime
    /// Strong: the hub and its registrations do keep each other alive while any of them is listed; the subject
    /// that owns the hub breaks that when it goes away (``SubjectHub/releaseObservers()``). A weak reference cost a
    /// side-table allocation per subject.
    @usableFromInline
    let owner: any RegistrationOwner
    /// This registration's key among `lifetime`'s resources; set before the hub ever sees the registration.
    /// (Unchecked exclusivity here and on `slot`: each is written once or twice per subscription, under the rules
    /// just stated; the runtime check cost PublishSubjectCreating about 60 instructions per access.)
    @usableFromInline
    @exclusivity(unchecked) var keyInLifetime: UInt64 = 0
    /// Its index in the hub's ``RegistrationList`` while listed, -1 otherwise. Guarded by the hub's lock.
    @usableFromInline
    @exclusivity(unchecked) var slot = -1

    @inlinable
    init(lifetime: Lifetime, owner: any RegistrationOwner) {
        self.lifetime = lifetime
        self.owner = owner
    }

    @usableFromInline
    final func dispose() { owner.remove(self) }

    /// Takes this registration out of its subscription's lifetime, for a hub that lets it go on its own (the end,
    /// `dispose()`, deinit): the lifetime and the registration (through its sink) would otherwise keep each other
    /// alive.
    @usableFromInline
    final func leaveLifetime() { lifetime.remove(key: keyInLifetime) }
}

/// A subscriber whose own thread replays to it before it is attached, and the events its hub accepted since its
/// replay was taken. `buffer` is guarded by the hub's lock.
@usableFromInline
final class ReplayInProgress<Element> {
    @usableFromInline
    let registration: SinkRegistration<Element>
    @usableFromInline
    var buffer: [Event<Element>] = []

    @inlinable
    init(_ registration: SinkRegistration<Element>) {
        self.registration = registration
    }
}

/// A registration with where its events go.
@usableFromInline
final class SinkRegistration<Element>: HubRegistration {
    @usableFromInline
    let sink: EventSink<Element>

    @inlinable
    init(sink: @escaping EventSink<Element>, lifetime: Lifetime, owner: any RegistrationOwner) {
        self.sink = sink
        super.init(lifetime: lifetime, owner: owner)
    }
}
