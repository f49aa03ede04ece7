/// The shared state of one subscription: whether it is still active, and what to release when it ends.
///
/// A chain of operators subscribed once shares one `Lifetime`; operators that subscribe to more than one source
/// over time (`flatMap`, `concat`, `catch`, `retry`, ...) give each inner subscription a child lifetime. It is the
/// `Disposable` that `subscribe` returns.
///
/// A lifetime is a ``LifetimeNode`` (`Primitives/`), which holds its memory (the links to its ancestors, its status
/// and attach flag, its lock) in one allocation, with its ``LifetimeResources`` under its lock; the methods here
/// are the lifetime's rules over them.
///
/// Invariants (debug builds check, when a lifetime is made, the bounds of its walk; when it stops, that it is a root;
/// and after every change to its resources, their bookkeeping. The rest are orders between threads, which no state
/// shows):
/// - `status` only moves forward: `active` → `stopped` (a terminal event is being delivered) → `disposed`, or
///   `active` → `disposed`. The one way back is ``reuse(_:)``: a disposed child that nothing else holds and that was
///   never attached becomes active again, for its operator's next inner subscription.
/// - A child is active only while its parent is: ``LifetimeNode/isActive`` walks up the chain (one atomic load per
///   level), so disposing a parent silences every child at once, even one not yet attached to the parent's
///   resources. The walk is at most ``LifetimeNode/anchorSpacing`` levels: a lifetime nested deeper than that
///   attaches the lifetimes above it to their parents (it *anchors* them, see ``make(parent:)``), so that an
///   ancestor's disposal reaches it through those attachments, and the walk checks only the root beyond that. Only a
///   root is ever `stopped`; a child goes from `active` to `disposed`.
/// - Sources check `isActive` before every emission, so once `dispose()` has set `disposed` no new event enters
///   the chain. The leaf observer checks it too, which covers an emission that raced the dispose.
/// - A resource inserted after disposal is disposed at once, never stored.
/// - Resources are disposed outside the lock, in insertion order, exactly once.
/// - A lifetime holds no other lifetime's lock while it holds its own: a child's key among its parent's resources
///   (``LifetimeNode/keyInParent``) is guarded by the parent's lock.
typealias Lifetime = LifetimeNode<LifetimeResources>

extension LifetimeNode: Disposable, Cancelable where State == LifetimeResources {
    /// What a lifetime holds: a disposable object. Held as a class-bound existential (a reference and a witness
    /// table), which copies and destroys with a retain and a release; an `any Disposable` went through its dynamic
    /// type's value witnesses on every copy and destroy. A disposable that is not an
    /// object (a struct, which RxSwift's protocol allows) is boxed.
    typealias Resource = any Disposable & AnyObject

    /// A root lifetime, or a child of `parent`. A child nested deeper than ``LifetimeNode/anchorSpacing`` levels
    /// first attaches the lifetimes above it to their parents (see ``anchor()``), and starts a walk of its own.
    static func make(parent: Lifetime? = nil) -> Lifetime {
        if let parent, needsAnchor(parent) { parent.anchor() }
        return make(parent: parent, state: LifetimeResources())
    }

    /// Attaches this lifetime and each of the ``LifetimeNode/walkLength`` - 1 lifetimes above it to its parent,
    /// bottom up (``attach(_:)`` skips those already attached), so that this one is anchored: the lifetime
    /// `walkLength` levels up is anchored already, and now a disposal anywhere above reaches this one through
    /// attachments. An attachment refused because the parent has ended disposes the child, which disposes everything
    /// attached below it, so a lifetime that a walk would have found silenced ends up disposed instead. Amortized
    /// over the `anchorSpacing` levels that it serves, this is one attachment per level.
    private func anchor() {
        var node = self
        for _ in 0..<walkLength {
            guard let parent = node.parent else { return }
            parent.attach(node)
            node = parent
        }
    }

    /// `true` once disposed.
    var isDisposed: Bool { status.load(ordering: .acquiring) == .disposed }

    /// Moves from active to stopped; `false` when a terminal event already went out or the lifetime is disposed.
    /// Only a root stops (debug builds check).
    func beginStop() -> Bool {
        let stops = status.compareExchange(expected: .active, desired: .stopped, ordering: .acquiringAndReleasing)
            .exchanged
        #if DEBUG
            precondition(!stops || parent == nil, "Internal inconsistency: a child lifetime stopped")
        #endif
        return stops
    }

    /// Ties `resource` to this lifetime; returns its key, or `nil` when the lifetime is already
    /// disposed (then `resource` has been disposed).
    /// Always inlined, as every function handing an `any Disposable` to ``heldAsObject(_:)`` (see there).
    @discardableResult
    @inline(__always)
    func insert(_ resource: any Disposable) -> UInt64? {
        insert(object: heldAsObject(resource))
    }

    /// ``insert(_:)`` for a disposable already held as an object: RxLite's own inserts of the classes they make go
    /// here, without the round trip through `any Disposable` and ``heldAsObject(_:)``.
    @discardableResult
    func insert(object resource: Resource) -> UInt64? {
        let key = withLock { isDisposed ? nil : $0.add(resource) }
        if key == nil { resource.dispose() }
        return key
    }

    /// Ties a cleanup action to this lifetime.
    func insert(_ action: @escaping () -> Void) {
        insert(object: AnonymousDisposable.make(action))
    }

    /// Takes the resource inserted under `key` out without disposing it, and returns it (`nil` when it is gone
    /// already: the lifetime ended, or it was taken before). Release the result outside any lock of yours: it may be
    /// the last reference to something whose deinit takes locks.
    @discardableResult
    func remove(key: UInt64) -> Resource? {
        withLock { $0.take(key: key) }
    }

    /// Creates a child lifetime attached to this one at once, for an inner subscription that may end on its own
    /// (then ``finishChild()`` ends it and takes it out of this lifetime). `nil` when this lifetime already ended.
    func makeChild() -> Lifetime? {
        let child = Lifetime.make(parent: self)
        return attach(child) ? child : nil
    }

    /// Makes `child` (created with this lifetime as parent) one of this lifetime's resources, so disposing this
    /// one releases the child's resources. Does nothing when the child already ended; disposes the child when this
    /// lifetime already ended. An operator calls this once an inner subscription outlives its synchronous start;
    /// inner sequences that finish during subscribe (`just`) never touch the parent's lock.
    /// Returns whether the child is now attached.
    @discardableResult
    func attach(_ child: Lifetime) -> Bool {
        if child.attachStarted.exchange(true, ordering: .sequentiallyConsistent) {
            // Anchored by a descendant (see `anchor()`) before its operator got here: attached, or ended.
            return child.status.load(ordering: .acquiring) == .active
        }
        let attached = withLock { resources -> Bool? in
            if child.status.load(ordering: .sequentiallyConsistent) == .disposed { return false }
            if isDisposed { return nil }
            let key = resources.add(child)
            child.keyInParent = key
            return true
        }
        guard let attached else {
            child.dispose()
            return false
        }
        return attached
    }

    /// What an operator calls once an inner subscription's synchronous start has returned: attaches `child` (created
    /// with this lifetime as parent) if it is still running, else disposes it. Returns whether it is attached.
    ///
    /// It looks at the child's own status, not `isActive`: ``attach(_:)`` refuses a child whose parent has ended
    /// (and disposes it), and an ended ancestor further up disposes the parent in turn, so walking the ancestors here
    /// decided nothing more, while it made subscribing D nested levels cost O(D^2) (FlatMapDepthLiveCreating).
    @discardableResult
    func attachIfRunning(_ child: Lifetime) -> Bool {
        if child.status.load(ordering: .acquiring) == .active { return attach(child) }
        child.dispose()
        return false
    }

    /// Undoes ``attach(_:)`` for a child that ended on its own. The child taken out is released after the lock.
    func detach(_ child: Lifetime) {
        // Discarded once `withLock` has returned, so after the lock.
        _ = withLock { resources -> Resource? in
            let key = child.keyInParent
            if key == 0 { return nil }
            child.keyInParent = 0
            return resources.take(key: key)
        }
    }

    /// Ends the subscription: no event is delivered after this returns (from this thread's point of view) and
    /// every resource is released. Idempotent and thread-safe.
    func dispose() {
        if status.exchange(.disposed, ordering: .sequentiallyConsistent) == .disposed { return }
        // Nothing to release (`nil`): the usual case for an inner sequence that ended during subscribe.
        guard let (first, more) = withLock({ $0.takeAll() }) else { return }
        first?.dispose()
        more.forEach { $0.dispose() }
    }

    /// Ends a child that finished on its own and removes it from its parent.
    func finishChild() {
        dispose()
        // Not attached yet (an inner sequence ending during its subscribe): `attach` will see `disposed` and skip it.
        guard let parent, attachStarted.load(ordering: .sequentiallyConsistent) else { return }
        parent.detach(self)
    }

    /// Makes a finished child lifetime active again, for the next inner subscription of the same operator, when
    /// that is provably safe: nothing else holds it (so no stale source, stored observer or pending subject
    /// removal can see it come back to life), it was never attached, and it was disposed (so it holds no
    /// resources). Returns `false`, changing nothing, otherwise.
    static func reuse(_ child: inout Lifetime) -> Bool {
        guard isKnownUniquelyReferenced(&child) else { return false }
        return child.reactivateIfFinished()
    }

    func reactivateIfFinished() -> Bool {
        guard parent != nil, status.load(ordering: .relaxed) == .disposed,
            !attachStarted.load(ordering: .relaxed)
        else { return false }
        status.store(.active, ordering: .releasing)
        return true
    }

    /// The observer at the end of a chain: drops anything after the end, and releases the chain once a terminal
    /// event has been delivered.
    func leafSink<Observer: ObserverType>(_ observer: Observer) -> EventSink<Observer.Element> {
        ObserverLeaf(observer: observer.on, lifetime: self)
    }
}

/// The sink at the end of a chain subscribed by an observer (``Lifetime/leafSink(_:)``): drops anything after the
/// end, and releases the chain once a terminal event has been delivered.
///
/// Generic over the event type rather than the element: an observer takes an `Event`, and one built here, with the
/// event type's metadata read from the object, costs no lookup.
///
/// A connectable's feed into its subject is one too, with `beforeEnd` run before the subject hears of the end.
final class ObserverLeaf<Routed: EventRouting>: EventSink<Routed.Element> {
    let observer: (Routed) -> Void
    let lifetime: Lifetime
    let beforeEnd: (() -> Void)?

    init(observer: @escaping (Routed) -> Void, lifetime: Lifetime, beforeEnd: (() -> Void)? = nil) {
        self.observer = observer
        self.lifetime = lifetime
        self.beforeEnd = beforeEnd
    }

    override func on(next element: Routed.Element) {
        HeldLocks.checkNoneHeld("an observer")
        if lifetime.isActive { observer(.next(element)) }
    }

    override func on(error: any Error) { end(.error(error)) }

    override func onCompleted() { end(.completed) }

    private func end(_ event: Routed) {
        HeldLocks.checkNoneHeld("an observer")
        guard lifetime.beginStop() else { return }
        beforeEnd?()
        observer(event)
        lifetime.dispose()
    }
}

/// The sink of an upstream subscribed with a child lifetime (``Observable/subscribeChild(of:_:)``): it ends the
/// child when the upstream ends (completes or fails), then forwards the event, so an operator that holds or swallows
/// that end has already let go of the upstream.
final class ChildEndingSink<Element>: EventSink<Element> {
    let child: Lifetime
    let downstream: EventSink<Element>

    init(child: Lifetime, downstream: EventSink<Element>) {
        self.child = child
        self.downstream = downstream
    }

    override func on(next element: Element) { downstream.on(next: element) }

    override func on(error: any Error) {
        child.finishChild()
        downstream.on(error: error)
    }

    override func onCompleted() {
        child.finishChild()
        downstream.onCompleted()
    }
}

/// What a ``Lifetime`` holds, under its lock: its resources under keys, the oldest outside the list, since most
/// lifetimes hold one. A keyed collection, not a state machine: what a lifetime's status allows is decided by the
/// lifetime (``Lifetime/insert(object:)``).
///
/// Invariants (debug builds check them after every change): the first slot holds a resource exactly when
/// `firstKey` is not 0, and `firstKey` is a key handed out already (below `nextKey`).
struct LifetimeResources {
    private var firstResource: Lifetime.Resource?
    private var firstKey: UInt64 = 0
    /// The other resources, under keys from `nextKey`: taking out any of N (a finished inner subscription of
    /// flatMap or merge, however old) is O(log N).
    private var moreResources = DisposableList<Lifetime.Resource>()
    private var nextKey: UInt64 = 1

    /// Whether it holds nothing.
    var isEmpty: Bool { firstKey == 0 && moreResources.isEmpty }

    /// Debug builds: traps unless the state keeps the invariants the type states.
    func _checkInvariants() {
        #if DEBUG
            precondition(
                (firstKey == 0) == (firstResource == nil) && firstKey < nextKey,
                "Internal inconsistency: a lifetime's first resource has key \(firstKey), the next key is \(nextKey)")
        #endif
    }

    /// Adds `resource` and returns its key.
    mutating func add(_ resource: Lifetime.Resource) -> UInt64 {
        defer { _checkInvariants() }
        let key = nextKey
        nextKey &+= 1
        // The first slot only while nothing else is held, so that it always holds the oldest resource.
        if isEmpty {
            firstResource = resource
            firstKey = key
        } else {
            moreResources.append(resource, key: key)
        }
        return key
    }

    /// Takes the resource added under `key` out and returns it (`nil` when it is gone).
    mutating func take(key: UInt64) -> Lifetime.Resource? {
        defer { _checkInvariants() }
        if firstKey == key {
            firstKey = 0
            return firstResource.take()
        }
        return moreResources.remove(key: key)
    }

    /// Takes every resource out, for disposal: the oldest, and the others in key order; `nil` when it held nothing.
    mutating func takeAll() -> (first: Lifetime.Resource?, more: DisposableList<Lifetime.Resource>)? {
        if isEmpty { return nil }
        defer { _checkInvariants() }
        var more = DisposableList<Lifetime.Resource>()
        swap(&more, &moreResources)
        firstKey = 0
        return (firstResource.take(), more)
    }
}
