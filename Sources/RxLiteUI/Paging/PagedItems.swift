/// A list that only grows at the end, and whose snapshots (``PagedItems``) cost O(1) to take and never change.
///
/// Appending `k` items costs O(k): items already stored are never copied or moved, however many snapshots are
/// alive. A hand-written pager's `relay.accept(old + new)` copies every loaded item on every page (O(n) per page, O(n²)
/// over a long scroll); a plain array re-emitted per page does too, as soon as a subscriber keeps the previous one
/// (copy-on-write).
///
/// Invariants (debug builds check, after every append, that the chunks are exactly those `count` items need and
/// that the slots written are exactly those below `count`, each once, in order; the rest are the chunks' shape):
/// - Items live in chunks whose capacities double (16, 32, 64, ...); a chunk never moves or grows, so a list of
///   `n` items has about `log2(n / 16)` chunks and finding item `i` is a few integer operations.
/// - A slot is written once, before any snapshot covers it; a snapshot reads only the slots below its `count`.
///   So a snapshot never sees a write, and may be read on another thread than the appending one once it has been
///   handed over (through a scheduler or a lock, as any value is).
///
/// The list itself is not `Sendable`: one owner appends (``Paginator`` does, on its scheduler).
public final class AppendOnlyList<Item> {
    private var chunks: ContiguousArray<PagedItemsChunk<Item>> = []
    /// How many items the list holds.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    /// Adds `newItems` at the end; O(number of new items), amortized over chunk allocations.
    public func append(contentsOf newItems: some Sequence<Item>) {
        for item in newItems { append(item) }
    }

    /// Adds `item` at the end.
    public func append(_ item: Item) {
        let (chunkIndex, offset) = PagedItemsChunk<Item>.position(of: count)
        if chunkIndex == chunks.count {
            chunks.append(PagedItemsChunk(capacity: PagedItemsChunk<Item>.capacity(ofChunk: chunkIndex)))
        }
        chunks[chunkIndex].initialize(at: offset, to: item)
        count += 1
        _checkInvariants()
    }

    /// The items stored now, as a collection that stays as it is while the list grows. O(1) in items; it shares
    /// the chunk directory (`log2(count / 16)` references), which the next new chunk copies.
    public var snapshot: PagedItems<Item> { PagedItems(chunks: chunks, count: count) }

    /// Debug builds: traps unless the list has one chunk per capacity step up to the one that holds item
    /// `count - 1`, and that one has its slots written up to that item (the chunks before it are full: each was
    /// checked as it filled).
    func _checkInvariants() {
        #if DEBUG
            guard count > 0 else {
                precondition(chunks.isEmpty, "Internal inconsistency: an empty list holds \(chunks.count) chunks")
                return
            }
            let (chunkIndex, offset) = PagedItemsChunk<Item>.position(of: count - 1)
            precondition(
                chunks.count == chunkIndex + 1 && chunks[chunkIndex].initializedCount == offset + 1,
                "Internal inconsistency: a list of \(count) items has \(chunks.count) chunks, the last written to \(chunks.last?.initializedCount ?? 0)"
            )
        #endif
    }
}

/// The items of an ``AppendOnlyList`` at the moment the snapshot was taken: a random-access collection that never
/// changes, however the list grows afterwards. Taking one costs O(1); it copies no item.
///
/// Also made from an array (or an array literal) for lists that are not paged: that copies the array once.
public struct PagedItems<Item>: RandomAccessCollection {
    // Shared with the list and other snapshots; only the slots below `count` are read (see AppendOnlyList).
    private let chunks: ContiguousArray<PagedItemsChunk<Item>>
    /// The number of items.
    public let count: Int

    init(chunks: ContiguousArray<PagedItemsChunk<Item>>, count: Int) {
        self.chunks = chunks
        self.count = count
    }

    /// The items of `items`, in order (copied once).
    public init(_ items: some Sequence<Item>) {
        let list = AppendOnlyList<Item>()
        list.append(contentsOf: items)
        self = list.snapshot
    }

    /// No items.
    public init() {
        self.init(chunks: [], count: 0)
    }

    /// The position of the first item: 0.
    public var startIndex: Int { 0 }
    /// The position after the last item: ``count``.
    public var endIndex: Int { count }

    /// The item at `position`, in O(1); traps outside `0..<count`.
    public subscript(position: Int) -> Item {
        precondition(position >= 0 && position < count, "PagedItems index \(position) out of range 0..<\(count)")
        let (chunkIndex, offset) = PagedItemsChunk<Item>.position(of: position)
        return chunks[chunkIndex].element(at: offset)
    }

    /// Whether both snapshots read the same storage (the same list, or copies of one snapshot): `true` means
    /// no item was copied between them. For tests and benchmarks.
    public func sharesStorage(with other: PagedItems<Item>) -> Bool {
        guard let first = chunks.first, let otherFirst = other.chunks.first else { return false }
        return first === otherFirst
    }
}

extension PagedItems: ExpressibleByArrayLiteral {
    /// The items of the literal, in order (copied once).
    public init(arrayLiteral elements: Item...) {
        self.init(elements)
    }
}

extension PagedItems: Equatable where Item: Equatable {
    /// Whether both hold equal items in the same order; O(1) when they share storage and have the same count.
    public static func == (lhs: PagedItems, rhs: PagedItems) -> Bool {
        lhs.count == rhs.count && (lhs.sharesStorage(with: rhs) || lhs.elementsEqual(rhs))
    }
}

extension PagedItems: Hashable where Item: Hashable {
    /// Hashes the count and every item, in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for item in self { hasher.combine(item) }
    }
}

extension PagedItems: CustomStringConvertible {
    /// The items, written as an array.
    public var description: String { Array(self).description }
}

// A snapshot's slots are never written once it exists (see AppendOnlyList's invariants); handing one to another
// thread through a scheduler publishes the writes it covers.
extension PagedItems: @unchecked Sendable where Item: Sendable {}

/// A fixed-capacity block of items that never moves. Slots are initialized once, in order, by the one list that
/// owns the chunk, and deinitialized when the last reference (list or snapshot) goes.
final class PagedItemsChunk<Item> {
    /// The capacity of chunk 0; chunk `k` holds `firstCapacity << k` items.
    static var firstCapacity: Int { 16 }

    private let base: UnsafeMutablePointer<Item>
    // Written by the owning list only; read in deinit, after every reader is gone, and by the list's checks.
    private(set) var initializedCount = 0

    init(capacity: Int) {
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: initializedCount)
        base.deallocate()
    }

    static func capacity(ofChunk index: Int) -> Int { firstCapacity << index }

    /// The chunk and the slot in it of item `index`: chunk `k` starts at `firstCapacity * (2^k - 1)`.
    @inline(__always)
    static func position(of index: Int) -> (chunk: Int, offset: Int) {
        let scaled = index / firstCapacity + 1
        let chunk = Int.bitWidth - 1 - scaled.leadingZeroBitCount
        return (chunk, index - firstCapacity * ((1 << chunk) - 1))
    }

    func initialize(at offset: Int, to item: Item) {
        (base + offset).initialize(to: item)
        initializedCount = offset + 1
    }

    @inline(__always)
    func element(at offset: Int) -> Item { base[offset] }
}
