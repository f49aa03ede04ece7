/// The bookkeeping of the data sources behind `rx.items` (tables, collections, pickers): the models shown, the
/// lookups `model(at:)` makes, and what each update asks of the view. It knows no view: each update returns the
/// action the data source performs on its view.
///
/// Invariants (debug builds check the last after every update; the first two are what the properties return):
/// - Before the first update nothing is bound: the view shows no rows and every lookup throws
///   ``RxCocoaError/itemsNotYetBound(object:)``.
/// - The models shown are those of the latest update, in one section (section 0).
/// - An update that appends right after the rows shown inserts just those rows; any other update reloads. The first
///   update always reloads, since the view's row count is unknown until then.
struct ItemModelsStateMachine<Item> {
    /// What the view must do after an update.
    enum Action: Equatable {
        /// Show every row afresh (`reloadData`).
        case reload
        /// Insert these rows of section 0, after the ones shown.
        case insert(Range<Int>)
        /// Nothing changed that the view shows (an append of no items).
        case none
    }

    /// The models of the latest update, or `nil` before the first.
    private(set) var items: PagedItems<Item>?

    /// The number of rows to show.
    var count: Int { items?.count ?? 0 }

    /// The model of row `row`; the row must be shown (`row < count`), as every row the view asks about is.
    func item(at row: Int) -> Item {
        guard let items, items.indices.contains(row) else {
            preconditionFailure("Internal inconsistency: row \(row) asked of a data source showing \(count) rows")
        }
        return items[row]
    }

    /// The model at `item` in `section`, for `model(at:)`: throws ``RxCocoaError/itemsNotYetBound(object:)`` (naming
    /// `dataSource`) when nothing is bound yet or no model is shown there.
    func model(section: Int, item: Int, of dataSource: AnyObject) throws -> Item {
        guard section == 0, let items, items.indices.contains(item) else {
            throw RxCocoaError.itemsNotYetBound(object: dataSource)
        }
        return items[item]
    }

    /// Shows `newItems`, which may differ in any way from the models shown: the view reloads.
    mutating func show(_ newItems: some Sequence<Item>) -> Action {
        items = PagedItems(newItems)
        _checkInvariants(after: .reload, shownBefore: nil)
        return .reload
    }

    /// Shows the items of `update`, inserting rows when it appends right after those shown (see
    /// ``ListUpdate/insertedRows(afterShowing:)``), reloading otherwise.
    mutating func apply(_ update: ListUpdate<Item>) -> Action {
        let shownBefore = items?.count
        let inserted = shownBefore.flatMap { update.insertedRows(afterShowing: $0) }
        items = update.items
        let action: Action
        if let inserted {
            action = inserted.isEmpty ? .none : .insert(inserted)
        } else {
            action = .reload
        }
        _checkInvariants(after: action, shownBefore: shownBefore)
        return action
    }

    /// Debug builds: traps unless `action`, what an update that found `shownBefore` rows shown (`nil`: nothing bound)
    /// asks of the view, reloads or inserts just the rows after those: an insertion (or nothing, for no new rows)
    /// needs rows shown before, and ends at the new count.
    func _checkInvariants(after action: Action, shownBefore: Int?) {
        #if DEBUG
            switch action {
            case .reload:
                break
            case .insert(let rows):
                precondition(
                    shownBefore == rows.lowerBound && rows.upperBound == count,
                    "Internal inconsistency: rows \(rows) inserted after \(String(describing: shownBefore)) of \(count)"
                )
            case .none:
                precondition(
                    shownBefore == count,
                    "Internal inconsistency: \(count) rows shown after \(String(describing: shownBefore)), unchanged")
            }
        #endif
    }
}
