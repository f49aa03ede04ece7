/// The shared state of one subscription: whether it is still active, and what to release when it ends.
///
/// A chain of operators subscribed once shares one `Lifetime`; operators that subscribe to more than one source
/// over time (`flatMap`, `concat`, `catch`, `retry`, ...) give each inner subscription a child lifetime. It is the
/// `Disposable` that `subscribe` returns.
///
/// Invariants (debug builds check, when a lifetime is made, the bounds of its walk; when it stops, that it is a root;
/// and after every change to its resources, their bookkeeping. The rest are orders between threads, which no state
/// shows):
/// - `status` only moves forward: `active` → `stopped` (a terminal event is being delivered) → `disposed`, or
///   `active` → `disposed`. The one way back is ``reuse(_:)``: a disposed child that nothing else holds and that was
///   never attached becomes active again, for its operator's next inner subscription.
/// - A child is active only while its parent is: ``isActive`` walks up the chain (one atomic load per level), so
///   disposing a parent silences every child at once, even one not yet attached to the parent's resources. The walk
///   is at most ``anchorSpacing`` levels: a lifetime nested deeper than that attaches the lifetimes above it to their
///   parents (it *anchors* them, see ``init(parent:)``), so that an ancestor's disposal reaches it through those
///   attachments, and ``isActive`` checks only the root beyond the walk. Only a root is ever `stopped`; a child goes
///   from `active` to `disposed`.
/// - Sources check ``isActive`` before every emission, so once `dispose()` has set `disposed` no new event enters
///   the chain. The leaf observer checks it too, which covers an emission that raced the dispose.
/// - A resource inserted after disposal is disposed at once, never stored.
/// - Resources are disposed outside the lock, in insertion order, exactly once.
class Lifetime: Disposable, Cancelable, @unchecked Sendable {
    /// The words of `status`, `attachStarted` and `lock`, in this object's own memory (see ``InlineWord``): most
    /// subscriptions make one or more lifetimes, and a heap cell of their own cost each one a second allocation.
    /// Must stay the first stored property; reached only through ``inlineWord(_:of:)``.
    private final var words = (InlineWord(), InlineWord(), InlineWord())
    let live = LiveResource()
    static let active: UInt8 = 0
    static let stopped: UInt8 = 1
    static let disposed: UInt8 = 2

    /// Where the subscription is: `active` (zero, as the word starts), `stopped` or `disposed`.
    final var status: AtomicView<UInt8> { AtomicView(word: 0, of: self) }
    /// The lifetime this one is nested in, if any.
    final let parent: Lifetime?
    /// `parent` without ownership (`parent` keeps it alive), so that ``isActive`` walks up without a retain and
    /// release per level: on a chain nested seven deep those atomic pairs were most of an event's cost.
    final let unownedParent: Unmanaged<Lifetime>?
    /// How many ancestors ``isActive`` checks: all of them (the root included) up to ``anchorSpacing`` levels deep.
    /// Past that, the ancestor this many levels up is anchored (it and every lifetime above it are attached to their
    /// parents), so the walk stops there and checks ``unownedRoot`` instead of the levels in between.
    final let walkLength: Int
    /// The root of this lifetime's tree without ownership (`parent` keeps it alive); `nil` for a root. Only a root
    /// can be `stopped`, which no attachment passes down, so a walk that stops short of the root checks it here.
    final let unownedRoot: Unmanaged<Lifetime>?
    /// The most ancestors ``isActive`` walks. Nesting deeper than this (a `flatMap` whose inner sequences are
    /// `flatMap`s, subscribed within one another) anchors the levels above once per this many levels, so that an
    /// event costs O(1) per level instead of O(depth).
    static let anchorSpacing = 16

    /// What a lifetime holds: a disposable object. Held as a class-bound existential (a reference and a witness
    /// table), which copies and destroys with a retain and a release; an `any Disposable` went through its dynamic
    /// type's value witnesses on every copy and destroy. A disposable that is not an
    /// object (a struct, which RxSwift's protocol allows) is boxed.
    typealias Resource = any Disposable & AnyObject

    private final var lock: LockWord { LockWord(word: 2, of: self) }
    /// What the lifetime holds, guarded by `lock`, in one field: one unchecked access where each field was one.
    @exclusivity(unchecked) private final var resources = LifetimeResources()
    // Guarded by the *parent's* lock: this lifetime's key among the parent's resources, once attached.
    private final var keyInParent: UInt64 = 0
    /// Set (sequentially consistent) before the parent's `attach` looks at this child, read (sequentially
    /// consistent) by `finishChild` after it disposed the child: a child that finishes before anyone tried to attach
    /// it skips the parent's lock, and the order of the two guarantees that one side sees the other. Starts `false`.
    private final var attachStarted: AtomicView<Bool> { AtomicView(word: 1, of: self) }

    /// A root lifetime, or a child of `parent`.
    init(parent: Lifetime? = nil) {
        self.parent = parent
        if let parent {
            let parentWalk = parent.walkLength
            unownedParent = Unmanaged.passUnretained(parent)
            unownedRoot = parentWalk == 0 ? unownedParent : parent.unownedRoot
            if parentWalk < Lifetime.anchorSpacing {
                walkLength = parentWalk + 1
            } else {
                parent.anchor()
                walkLength = 1
            }
        } else {
            unownedParent = nil
            unownedRoot = nil
            walkLength = 0
        }
        assertFirstStoredProperty(of: self, &words)
        _checkInvariants()
    }

    /// Attaches this lifetime and each of the ``walkLength`` - 1 lifetimes above it to its parent, bottom up (``attach(_:)``
    /// skips those already attached), so that this one is anchored: the lifetime ``walkLength`` levels up is anchored
    /// already, and now a disposal anywhere above reaches this one through attachments. An attachment refused because
    /// the parent has ended disposes the child, which disposes everything attached below it, so a lifetime that a walk
    /// would have found silenced ends up disposed instead. Amortized over the ``anchorSpacing`` levels that it serves,
    /// this is one attachment per level.
    private final func anchor() {
        var node = self
        for _ in 0..<walkLength {
            guard let parent = node.parent else { return }
            parent.attach(node)
            node = parent
        }
    }

    /// `true` until a terminal event starts or the subscription (or an ancestor) is disposed.
    final var isActive: Bool {
        guard status.load(ordering: .acquiring) == Lifetime.active else { return false }
        guard unownedParent != nil else { return true }
        return ancestorsAreActive()
    }

    /// Whether the ``walkLength`` lifetimes above this one are active, and, when that walk stops short of the root
    /// (at an anchored lifetime), whether the root is. Not inlined: inlining the loop into every source's emission
    /// made the optimizer give up on inlining a whole map/filter chain into its source.
    final func ancestorsAreActive() -> Bool {
        var next = unownedParent
        var remaining = walkLength
        while let ancestor = next {
            if remaining == 0 {
                guard let unownedRoot else { return true }
                return unownedRoot._withUnsafeGuaranteedRef {
                    $0.status.load(ordering: .acquiring) == Lifetime.active
                }
            }
            let (ancestorIsActive, above) = ancestor._withUnsafeGuaranteedRef {
                ($0.status.load(ordering: .acquiring) == Lifetime.active, $0.unownedParent)
            }
            if !ancestorIsActive { return false }
            next = above
            remaining &-= 1
        }
        return true
    }

    /// `true` once disposed.
    public final var isDisposed: Bool { status.load(ordering: .acquiring) == Lifetime.disposed }

    /// Moves from active to stopped; `false` when a terminal event already went out or the lifetime is disposed.
    final func beginStop() -> Bool {
        let stops = status.compareExchange(
            expected: Lifetime.active, desired: Lifetime.stopped, ordering: .acquiringAndReleasing
        ).exchanged
        _checkInvariants()
        return stops
    }

    /// Ties `resource` to this lifetime; returns its key, or `nil` when the lifetime is already
    /// disposed (then `resource` has been disposed).
    @discardableResult
    final func insert(_ resource: any Disposable) -> UInt64? {
        insert(object: resource._rxLiteObject)
    }

    /// ``insert(_:)`` for a disposable already held as an object: RxLite's own inserts of the classes they make go
    /// here, without the round trip through `any Disposable` and ``Disposable/_rxLiteObject``.
    @discardableResult
    final func insert(object resource: Resource) -> UInt64? {
        lock.lock()
        guard let key = addResource(resource) else {
            lock.unlock()
            resource.dispose()
            return nil
        }
        resources._checkInvariants()
        lock.unlock()
        return key
    }

    /// Holding `lock`: adds `resource` and returns its key; `nil` when the lifetime is disposed.
    private final func addResource(_ resource: Resource) -> UInt64? {
        if status.load(ordering: .acquiring) == Lifetime.disposed { return nil }
        return resources.add(resource)
    }

    /// Ties a cleanup action to this lifetime.
    final func insert(_ action: @escaping () -> Void) {
        insert(object: AnonymousDisposable.make(action))
    }

    /// Holding `lock`: takes the resource added under `key` out and returns it (`nil` when it is gone).
    private final func takeResource(key: UInt64) -> Resource? {
        resources.take(key: key)
    }

    /// Takes the resource inserted under `key` out without disposing it, and returns it (`nil` when it is gone
    /// already: the lifetime ended, or it was taken before). Release the result outside any lock of yours: it may be
    /// the last reference to something whose deinit takes locks.
    @discardableResult
    final func remove(key: UInt64) -> Resource? {
        lock.lock()
        let resource = takeResource(key: key)
        resources._checkInvariants()
        lock.unlock()
        return resource
    }

    /// Creates a child lifetime attached to this one at once, for an inner subscription that may end on its own
    /// (then ``finishChild()`` ends it and takes it out of this lifetime). `nil` when this lifetime already ended.
    final func makeChild() -> Lifetime? {
        let child = Lifetime(parent: self)
        return attach(child) ? child : nil
    }

    /// Makes `child` (created with this lifetime as parent) one of this lifetime's resources, so disposing this
    /// one releases the child's resources. Does nothing when the child already ended; disposes the child when this
    /// lifetime already ended. An operator calls this once an inner subscription outlives its synchronous start;
    /// inner sequences that finish during subscribe (`just`) never touch the parent's lock.
    /// Returns whether the child is now attached.
    @discardableResult
    final func attach(_ child: Lifetime) -> Bool {
        if child.attachStarted.exchange(true, ordering: .sequentiallyConsistent) {
            // Anchored by a descendant (see `anchor()`) before its operator got here: attached, or ended.
            return child.status.load(ordering: .acquiring) == Lifetime.active
        }
        lock.lock()
        if child.status.load(ordering: .sequentiallyConsistent) == Lifetime.disposed {
            lock.unlock()
            return false
        }
        guard let key = addResource(child) else {
            lock.unlock()
            child.dispose()
            return false
        }
        child.keyInParent = key
        resources._checkInvariants()
        lock.unlock()
        return true
    }

    /// What an operator calls once an inner subscription's synchronous start has returned: attaches `child` (created
    /// with this lifetime as parent) if it is still running, else disposes it. Returns whether it is attached.
    ///
    /// It looks at the child's own status, not ``isActive``: ``attach(_:)`` refuses a child whose parent has ended
    /// (and disposes it), and an ended ancestor further up disposes the parent in turn, so walking the ancestors here
    /// decided nothing more, while it made subscribing D nested levels cost O(D^2) (FlatMapDepthLiveCreating).
    @discardableResult
    final func attachIfRunning(_ child: Lifetime) -> Bool {
        if child.status.load(ordering: .acquiring) == Lifetime.active { return attach(child) }
        child.dispose()
        return false
    }

    /// Undoes ``attach(_:)`` for a child that ended on its own.
    final func detach(_ child: Lifetime) {
        lock.lock()
        let key = child.keyInParent
        if key != 0 {
            child.keyInParent = 0
            _ = takeResource(key: key)
            resources._checkInvariants()
        }
        lock.unlock()
    }

    /// Ends the subscription: no event is delivered after this returns (from this thread's point of view) and
    /// every resource is released. Idempotent and thread-safe.
    final func dispose() {
        if status.exchange(Lifetime.disposed, ordering: .sequentiallyConsistent) == Lifetime.disposed { return }
        lock.lock()
        if resources.isEmpty {
            // Nothing to release: the usual case for an inner sequence that ended during subscribe.
            lock.unlock()
            return
        }
        let (first, more) = resources.takeAll()
        resources._checkInvariants()
        lock.unlock()
        first?.dispose()
        more.forEach { $0.dispose() }
    }

    /// Ends a child that finished on its own and removes it from its parent.
    final func finishChild() {
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

    final func reactivateIfFinished() -> Bool {
        guard parent != nil, status.load(ordering: .relaxed) == Lifetime.disposed,
            !attachStarted.load(ordering: .relaxed)
        else { return false }
        status.store(Lifetime.active, ordering: .releasing)
        _checkInvariants()
        return true
    }

    /// Debug builds: traps unless the walk of ``isActive`` is within its bounds (none for a root, at most
    /// ``anchorSpacing`` levels for a child, which knows its root) and a `stopped` lifetime is a root.
    final func _checkInvariants() {
        #if DEBUG
            let isRoot = parent == nil
            precondition(
                (walkLength == 0) == isRoot && walkLength <= Lifetime.anchorSpacing && (unownedRoot == nil) == isRoot,
                "Internal inconsistency: a lifetime walks \(walkLength) levels, root: \(isRoot)")
            let status = self.status.load(ordering: .acquiring)
            precondition(
                status <= Lifetime.disposed && (isRoot || status != Lifetime.stopped),
                "Internal inconsistency: a lifetime's status is \(status), root: \(isRoot)")
        #endif
    }

    /// The observer at the end of a chain: drops anything after the end, and releases the chain once a terminal
    /// event has been delivered.
    final func leafSink<Observer: ObserverType>(_ observer: Observer) -> EventSink<Observer.Element> {
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

/// What a ``Lifetime`` holds: its resources under keys, the oldest outside the list, since most lifetimes hold one.
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
        if firstKey == key {
            firstKey = 0
            return firstResource.take()
        }
        return moreResources.remove(key: key)
    }

    /// Takes every resource out: the oldest, and the others in key order.
    mutating func takeAll() -> (first: Lifetime.Resource?, more: DisposableList<Lifetime.Resource>) {
        var more = DisposableList<Lifetime.Resource>()
        swap(&more, &moreResources)
        firstKey = 0
        return (firstResource.take(), more)
    }
}
