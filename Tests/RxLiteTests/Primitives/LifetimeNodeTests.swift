import Testing

@testable import RxLite

/// The memory of a lifetime: what a node starts with, how its walk is bounded, what its links keep alive, and the key
/// its parent keeps in it.
@Suite(.checksResources) struct LifetimeNodeTests {
    final class Payload {}

    @Test func aNewNodeIsActiveUnattachedAndHoldsItsState() {
        let node = LifetimeNode.make(parent: nil, state: 41)
        #expect(node.status.load(ordering: .relaxed) == .active)
        #expect(!node.attachStarted.load(ordering: .relaxed))
        #expect(node.keyInParent == 0)
        #expect(node.parent == nil)
        #expect(node.walkLength == 0)
        #expect(node.isActive)
        let value = node.withLock { state -> Int in
            state += 1
            return state
        }
        #expect(value == 42)
    }

    /// A child walks one level more than its parent, up to `anchorSpacing`; the child of a node at that bound starts
    /// a walk of its own, which is when its owner must anchor the levels above.
    @Test func theWalkGrowsToItsBoundThenStartsOver() {
        var node = LifetimeNode.make(parent: nil, state: 0)
        for level in 1...(LifetimeNode<Int>.anchorSpacing * 2 + 1) {
            let needsAnchor = LifetimeNode.needsAnchor(node)
            #expect(needsAnchor == (node.walkLength == LifetimeNode<Int>.anchorSpacing))
            let child = LifetimeNode.make(parent: node, state: level)
            let expected = (level - 1) % LifetimeNode<Int>.anchorSpacing + 1
            #expect(child.walkLength == expected, "level \(level)")
            #expect(child.parent === node)
            node = child
        }
    }

    /// Only the node's own status and the levels its walk covers decide `isActive` (beyond the walk, the root): the
    /// node does not attach anything itself.
    @Test func isActiveReadsTheWalkedLevelsAndTheRoot() {
        let root = LifetimeNode.make(parent: nil, state: 0)
        var chain = [root]
        for _ in 0..<(LifetimeNode<Int>.anchorSpacing + 3) {
            chain.append(LifetimeNode.make(parent: chain.last!, state: 0))
        }
        let deepest = chain.last!
        #expect(deepest.isActive)
        // Three levels up: inside the deepest node's walk.
        chain[chain.count - 4].status.store(.disposed, ordering: .releasing)
        #expect(!deepest.isActive)
        chain[chain.count - 4].status.store(.active, ordering: .releasing)
        #expect(deepest.isActive)
        root.status.store(.stopped, ordering: .releasing)
        #expect(!deepest.isActive, "beyond the walk, the root is checked")
    }

    /// A node keeps its parent (and so every ancestor) alive, and lets it go when it is freed.
    @Test func aNodeKeepsItsAncestorsAliveUntilItIsFreed() {
        weak var weakRoot: LifetimeNode<Int>?
        var child: LifetimeNode<Int>? = nil
        do {
            let root = LifetimeNode.make(parent: nil, state: 0)
            weakRoot = root
            child = LifetimeNode.make(parent: LifetimeNode.make(parent: root, state: 1), state: 2)
        }
        #expect(weakRoot != nil)
        child = nil
        #expect(weakRoot == nil)
        _ = child
    }

    /// The state is released with the node.
    @Test func theStateIsReleasedWithTheNode() {
        weak var weakPayload: Payload?
        do {
            let payload = Payload()
            weakPayload = payload
            let node = LifetimeNode.make(parent: nil, state: payload)
            #expect(node.withLock { $0 } === payload)
        }
        #expect(weakPayload == nil)
    }

    /// The key a parent lists its child under lives in the child, set by `attach` and cleared by `finishChild`.
    @Test func theParentKeepsItsKeyInTheChild() {
        let parent = Lifetime.make()
        let child = Lifetime.make(parent: parent)
        #expect(parent.attach(child))
        let key = child.keyInParent
        #expect(key != 0)
        child.finishChild()
        #expect(child.keyInParent == 0)
        #expect(parent.remove(key: key) == nil, "detached: the parent no longer lists it")
        parent.dispose()
    }
}
