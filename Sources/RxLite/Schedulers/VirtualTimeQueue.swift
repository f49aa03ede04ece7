/// What a ``VirtualTimeQueue`` holds: an object with a due time, a sequence number that orders the objects due at
/// the same time, and a field the queue keeps its position in.
protocol VirtualTimeQueueItem: AnyObject {
    associatedtype Time
    /// When the item is due.
    var time: Time { get }
    /// Unique and increasing in the order the items were made: among items due at the same time, the smaller runs
    /// first.
    var sequence: Int { get }
    /// The item's index in the queue's heap while it is queued, -1 otherwise. Written only by the queue.
    var queueIndex: Int { get set }
}

/// The pending actions of a virtual-time scheduler: a binary min-heap ordered by due time, then by sequence number,
/// so that items due at the same time come out in the order they were scheduled (the heap alone is not stable; the
/// sequence number makes the order total).
///
/// Insert, removal of the first item and removal of any queued item are O(log n): each item knows its index
/// (``VirtualTimeQueueItem/queueIndex``), so cancelling one takes it out at once instead of leaving it queued, and
/// the heap never holds more than the items still pending. Not thread-safe; the scheduler's lock guards it.
///
/// Invariants (debug builds check them after every change to a queue of at most 256 items):
/// - for every index `i > 0`, the item at `(i - 1) / 2` is ordered before the item at `i`;
/// - every queued item's `queueIndex` is its index in `heap`.
struct VirtualTimeQueue<Item: VirtualTimeQueueItem> {
    private var heap: [Item] = []
    private let compare: (Item.Time, Item.Time) -> VirtualTimeComparison

    /// An empty queue whose times are ordered by `compare`.
    init(compare: @escaping (Item.Time, Item.Time) -> VirtualTimeComparison) {
        self.compare = compare
    }

    /// The number of queued items.
    var count: Int { heap.count }

    /// The item that runs next: the earliest due, the first scheduled among those.
    var first: Item? { heap.first }

    /// Queues `item`, which must not be queued already.
    mutating func insert(_ item: Item) {
        precondition(item.queueIndex == -1, "Internal inconsistency: a virtual-time item queued twice")
        item.queueIndex = heap.count
        heap.append(item)
        siftUp(from: heap.count - 1)
        _checkInvariants()
    }

    /// Takes out and returns the item that runs next.
    mutating func removeFirst() -> Item? {
        guard let first = heap.first else { return nil }
        remove(at: 0)
        return first
    }

    /// Takes `item` out if it is queued; returns whether it was.
    @discardableResult
    mutating func remove(_ item: Item) -> Bool {
        let index = item.queueIndex
        guard index >= 0, index < heap.count, heap[index] === item else { return false }
        remove(at: index)
        return true
    }

    /// Takes out every item, in no particular order.
    mutating func removeAll() -> [Item] {
        let items = heap
        heap.removeAll()
        for item in items { item.queueIndex = -1 }
        _checkInvariants()
        return items
    }

    private mutating func remove(at index: Int) {
        heap[index].queueIndex = -1
        let last = heap.removeLast()
        if index < heap.count {
            // The last item fills the hole; it may belong above it (when the hole was deep in another branch) or
            // below it.
            heap[index] = last
            last.queueIndex = index
            siftDown(from: siftUp(from: index))
        }
        _checkInvariants()
    }

    /// Whether `lhs` runs before `rhs`.
    private func isOrdered(_ lhs: Item, before rhs: Item) -> Bool {
        switch compare(lhs.time, rhs.time) {
        case .lessThan: true
        case .greaterThan: false
        case .equal: lhs.sequence < rhs.sequence
        }
    }

    /// Moves the item at `index` up while it runs before its parent; returns where it ends.
    @discardableResult
    private mutating func siftUp(from index: Int) -> Int {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard isOrdered(heap[child], before: heap[parent]) else { break }
            swapAt(child, parent)
            child = parent
        }
        return child
    }

    /// Moves the item at `index` down while a child runs before it.
    private mutating func siftDown(from index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            let right = left + 1
            let earlier = right < heap.count && isOrdered(heap[right], before: heap[left]) ? right : left
            guard isOrdered(heap[earlier], before: heap[parent]) else { return }
            swapAt(parent, earlier)
            parent = earlier
        }
    }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        heap.swapAt(i, j)
        heap[i].queueIndex = i
        heap[j].queueIndex = j
    }

    /// Traps when an invariant of the type does not hold. O(n): debug builds check small queues only, so that a test
    /// that queues many items stays O(n log n).
    private func _checkInvariants() {
        #if DEBUG
            guard heap.count <= 256 else { return }
            for (index, item) in heap.enumerated() {
                precondition(item.queueIndex == index, "Internal inconsistency: a queued item lost its index")
                if index > 0 {
                    precondition(
                        !isOrdered(item, before: heap[(index - 1) / 2]),
                        "Internal inconsistency: a virtual-time item runs before its parent in the heap")
                }
            }
        #endif
    }
}
