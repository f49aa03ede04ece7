#if canImport(UIKit)
    import RxLite
    import UIKit

    /// A table data source that `tableView.rx.items(dataSource:)` binds a sequence to: it receives each element of
    /// the sequence and updates the table, while it answers the table as a `UITableViewDataSource`. RxDataSources'
    /// sectioned data sources adopt it.
    ///
    /// Main-actor isolated, as `UITableViewDataSource` is (`@preconcurrency`, so Swift 5 code sees no change).
    @preconcurrency @MainActor
    public protocol RxTableViewDataSourceType {
        /// The type of the sequence's elements (often an array of items or of sections).
        associatedtype Element

        /// Receives an event of the bound sequence, on the main actor: an element to show in `tableView`.
        func tableView(_ tableView: UITableView, observedEvent: Event<Element>)
    }
#endif
