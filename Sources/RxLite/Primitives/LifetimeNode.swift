import CRxAtomics

/// Where a subscription's ``LifetimeNode`` is. It only moves forward, `active` → `stopped` → `disposed` or
/// `active` → `disposed`, but for the one way back that `Lifetime` documents (a finished child made active again for
/// its operator's next inner subscription).
enum LifetimeStatus: UInt8, AtomicWordRepresentable {
    /// Events flow (zero, as a node's words start).
    case active = 0
    /// A terminal event is being delivered: only a root is ever stopped.
    case stopped = 1
    /// Ended: nothing flows, and what the subscription held is released.
    case disposed = 2

    var atomicWord: Int { Int(rawValue) }

    init(atomicWord: Int) {
        switch atomicWord {
        case 0: self = .active
        case 1: self = .stopped
        default: self = .disposed
        }
    }
}

/// The memory of a subscription's `Lifetime`, in one allocation: a state machine under a lock, the two atomics read
/// without it (``status`` and ``attachStarted``), and the links to the lifetimes it is nested in, through which
/// ``isActive`` walks. `Lifetime` is this node with its state machine, its methods in an extension constrained to it
/// (`Core/Lifetime.swift`); this type holds what touches memory by hand, so that the code there does not.
///
/// The layout: the header is the state, read and changed holding the lock, through ``withLock(_:)``. The tail holds
/// 64-bit slots: three words, zeroed at creation (the lock, an unlocked lock; ``status``, `active`;
/// ``attachStarted``, `false`), ``keyInParent`` (0), then the ``LifetimeLinks``, fixed at creation and read without
/// the lock. The links are not generic, and every lifetime of the package has the same state type, so making and
/// freeing a node runs code compiled for its types: a generic header's value witnesses cost a lifetime about a
/// hundred instructions each way.
///
/// Invariants (debug builds check the walk's bounds when a node is made):
/// - A root has no parent, no root and walks nothing (``walkLength`` 0). A child walks at most ``anchorSpacing``
///   levels and knows its root.
/// - The links' `unownedParent` and `unownedRoot` are `parent` and the root without ownership: `parent` holds its
///   parent strongly, so every ancestor outlives the node, and the walk needs no retain or release per level. Every
///   node of a tree has the same type, the one it is read back as.
final class LifetimeNode<State>: ManagedBuffer<State, UInt64> {
    /// The most ancestors ``isActive`` walks. A `Lifetime` nested deeper (a `flatMap` whose inner sequences are
    /// `flatMap`s, subscribed within one another) anchors the levels above once per this many levels, so that an
    /// event costs O(1) per level instead of O(depth): see ``needsAnchor(_:)``.
    static var anchorSpacing: Int { 16 }

    /// The tail, in 64-bit slots (so that ``keyInParent`` is aligned on every platform): the lock, ``status``,
    /// ``attachStarted``, ``keyInParent``, then the links.
    private static var linksSlot: Int { 4 }

    /// A root node, or a child of `parent`, holding `state`. A child of a parent that ``needsAnchor(_:)`` starts a
    /// new walk: its owner anchors the parent first. The state is made in place (an autoclosure), not copied in.
    @inline(__always)
    static func make(parent: LifetimeNode?, state: @autoclosure () -> State) -> LifetimeNode {
        let slotCount = linksSlot + (MemoryLayout<LifetimeLinks>.stride + 7) / 8
        let node = unsafeDowncast(create(minimumCapacity: slotCount) { _ in state() }, to: LifetimeNode.self)
        node.withUnsafeMutablePointerToElements { slots in
            for index in 0..<3 { rx_atomic_word_init(word(slots + index), 0) }
            slots[3] = 0
        }
        let links = node.links
        if let parent {
            let parentLinks = parent.links
            let unownedParent = Unmanaged<AnyObject>.passUnretained(parent)
            links.initialize(
                to: LifetimeLinks(
                    parent: parent, unownedParent: unownedParent,
                    unownedRoot: parentLinks.pointee.walkLength == 0 ? unownedParent : parentLinks.pointee.unownedRoot,
                    walkLength: parentLinks.pointee.walkLength < anchorSpacing ? parentLinks.pointee.walkLength + 1 : 1)
            )
        } else {
            links.initialize(to: LifetimeLinks(parent: nil, unownedParent: nil, unownedRoot: nil, walkLength: 0))
        }
        node._checkInvariants()
        return node
    }

    deinit {
        _ = links.deinitialize(count: 1)
    }

    /// Whether a child of `parent` would walk more than ``anchorSpacing`` levels: then the lifetimes above it must
    /// be anchored (attached to their parents) before the child is made, and the child's walk starts over.
    static func needsAnchor(_ parent: LifetimeNode) -> Bool {
        parent.walkLength >= anchorSpacing
    }

    /// The links, fixed when the node was made.
    @inline(__always)
    private var links: UnsafeMutablePointer<LifetimeLinks> {
        withUnsafeMutablePointerToElements {
            UnsafeMutableRawPointer($0 + Self.linksSlot).assumingMemoryBound(to: LifetimeLinks.self)
        }
    }

    /// This node's key among its parent's resources while it is listed there, 0 otherwise. Guarded by the *parent's*
    /// lock: only the parent reads or writes it, holding its own lock (so attaching a child takes one lock, not
    /// two).
    @inline(__always)
    var keyInParent: UInt64 {
        get { withUnsafeMutablePointerToElements { $0[3] } }
        set { withUnsafeMutablePointerToElements { $0[3] = newValue } }
    }

    /// Counts the node among the live resources (debug builds).
    var live: LiveResource { links.pointee.live }

    /// The node this one is nested in, if any.
    @inline(__always)
    var parent: LifetimeNode? {
        links.pointee.parent.map { unsafeDowncast($0, to: LifetimeNode.self) }
    }

    /// How many ancestors ``isActive`` checks: all of them (the root included) up to ``anchorSpacing`` levels deep.
    @inline(__always)
    var walkLength: Int { links.pointee.walkLength }

    /// Where this lifetime is (see ``LifetimeStatus``).
    @inline(__always)
    var status: AtomicView<LifetimeStatus> { withUnsafeMutablePointerToElements { AtomicView(Self.word($0 + 1)) } }

    /// Whether the parent started attaching this node (or a descendant anchored it): set, sequentially consistent,
    /// before the parent looks at the node, so that a child that finishes first and the parent that attaches it see
    /// each other. Starts `false`.
    @inline(__always)
    var attachStarted: AtomicView<Bool> { withUnsafeMutablePointerToElements { AtomicView(Self.word($0 + 2)) } }

    /// The atomic word at the start of `slot` (a word is 64 or 32 bits, the slot 64).
    @inline(__always)
    private static func word(_ slot: UnsafeMutablePointer<UInt64>) -> UnsafeMutablePointer<rx_atomic_word> {
        UnsafeMutableRawPointer(slot).assumingMemoryBound(to: rx_atomic_word.self)
    }

    /// Runs `body` on the state, holding the node's lock. Keep it short: no callout runs under the lock.
    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        let lock = withUnsafeMutablePointerToElements { LockWord(Self.word($0)) }
        let state = withUnsafeMutablePointerToHeader { $0 }
        lock.lock()
        defer { lock.unlock() }
        return try body(&state.pointee)
    }

    /// `true` until a terminal event starts or the lifetime (or an ancestor) is disposed.
    @inline(__always)
    var isActive: Bool {
        guard status.load(ordering: .acquiring) == .active else { return false }
        guard links.pointee.unownedParent != nil else { return true }
        return ancestorsAreActive()
    }

    /// Whether the ``walkLength`` nodes above this one are active, and, when that walk stops short of the root (at an
    /// anchored node), whether the root is: only a root can be `stopped`, which no attachment passes down. Not
    /// inlined: inlining the loop into every source's emission made the optimizer give up on inlining a whole
    /// map/filter chain into its source.
    func ancestorsAreActive() -> Bool {
        var next = links.pointee.unownedParent
        var remaining = links.pointee.walkLength
        while let ancestor = next {
            if remaining == 0 {
                guard let root = links.pointee.unownedRoot else { return true }
                return root._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: LifetimeNode.self).status.load(ordering: .acquiring) == .active
                }
            }
            let (ancestorIsActive, above) = ancestor._withUnsafeGuaranteedRef {
                let node = unsafeDowncast($0, to: LifetimeNode.self)
                return (node.status.load(ordering: .acquiring) == .active, node.links.pointee.unownedParent)
            }
            if !ancestorIsActive { return false }
            next = above
            remaining &-= 1
        }
        return true
    }

    /// Debug builds: traps unless the walk is within its bounds (none for a root, at most ``anchorSpacing`` levels
    /// for a child, which knows its root).
    func _checkInvariants() {
        #if DEBUG
            let links = links.pointee
            let isRoot = links.parent == nil
            precondition(
                (links.walkLength == 0) == isRoot && links.walkLength <= Self.anchorSpacing
                    && (links.unownedRoot == nil) == isRoot && (links.unownedParent == nil) == isRoot,
                "Internal inconsistency: a lifetime walks \(links.walkLength) levels, root: \(isRoot)")
        #endif
    }
}

/// Where a ``LifetimeNode`` sits in its tree, fixed when it is made. Not generic (its nodes are held as objects and
/// read back as the node type), so that making and freeing it runs code compiled for it.
struct LifetimeLinks {
    /// The node this one is nested in, if any (it keeps every ancestor alive).
    let parent: AnyObject?
    /// `parent` without ownership, for the walk of ``LifetimeNode/isActive``.
    let unownedParent: Unmanaged<AnyObject>?
    /// The root without ownership; `nil` for a root.
    let unownedRoot: Unmanaged<AnyObject>?
    /// How many ancestors the walk checks (0 for a root).
    let walkLength: Int
    let live = LiveResource()
}
