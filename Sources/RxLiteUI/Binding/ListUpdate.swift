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
public struct ListUpdate<Item> {
    /// All the items, in order.
    public var items: [Item]
    /// What changed since the previous update.
    public var change: ListChange

    /// All of `items`, with `change` relative to the previous update (`.reload` when unknown).
    public init(items: [Item], change: ListChange = .reload) {
        self.items = items
        self.change = change
    }

    /// `previous` followed by `newItems`, described as an append. Appending to `previous` costs the new items
    /// only when nothing else holds `previous`' storage.
    public static func appending(_ newItems: some Sequence<Item>, to previous: [Item]) -> ListUpdate<Item> {
        var items = previous
        let start = items.count
        items.append(contentsOf: newItems)
        return ListUpdate(items: items, change: .appended(start..<items.count))
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
