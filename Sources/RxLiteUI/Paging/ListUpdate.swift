/// How a list changed since the previous ``ListUpdate`` from the same source.
public enum ListChange: Equatable, Sendable {
    /// Anything may have changed: a view shows the items afresh.
    case reload
    /// Items were added at these indices, at the end; everything before them is unchanged (the next page of a
    /// paged search).
    case appended(Range<Int>)
}

/// A list of items and what changed since the source's previous list, so a view can insert rows for an append
/// instead of reloading everything.
///
/// The change is a hint: a view applies it only when it matches what the view shows (see
/// ``insertedRows(afterShowing:)``), so a late subscriber that missed earlier pages still gets a full reload.
///
/// The items are a ``PagedItems`` snapshot, so a paged source (``Paginator``) emits one update per page without
/// copying the items loaded before: an update costs O(page size), not O(items loaded).
public struct ListUpdate<Item> {
    /// All the items, in order.
    public var items: PagedItems<Item>
    /// What changed since the previous update.
    public var change: ListChange

    /// All of `items`, with `change` relative to the previous update (`.reload` when unknown).
    public init(items: PagedItems<Item>, change: ListChange = .reload) {
        self.items = items
        self.change = change
    }

    /// All of `items` (copied once), with `change` relative to the previous update (`.reload` when unknown).
    public init(items: [Item], change: ListChange = .reload) {
        self.init(items: PagedItems(items), change: change)
    }

    /// `previous` followed by `newItems`, described as an append. This copies `previous`: paged sources append to
    /// an ``AppendOnlyList`` and emit its snapshots instead.
    public static func appending(_ newItems: some Sequence<Item>, to previous: some Sequence<Item>) -> ListUpdate<
        Item
    > {
        let list = AppendOnlyList<Item>()
        list.append(contentsOf: previous)
        let start = list.count
        list.append(contentsOf: newItems)
        return ListUpdate(items: list.snapshot, change: .appended(start..<list.count))
    }

    /// The rows to insert when a view showing `shownCount` rows receives this update, or `nil` when it must
    /// reload: the change is not an append, or the append does not start right after the rows shown.
    public func insertedRows(afterShowing shownCount: Int) -> Range<Int>? {
        guard case .appended(let range) = change, range.lowerBound == shownCount, range.upperBound == items.count
        else { return nil }
        return range
    }
}

extension ListUpdate: Sendable where Item: Sendable {}
extension ListUpdate: Equatable where Item: Equatable {}
