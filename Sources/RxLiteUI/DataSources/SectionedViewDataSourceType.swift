import Foundation

/// A data source that can say which model a row shows: `tableView.rx.model(at:)` and `modelSelected(_:)` read the
/// model from the table's data source through it. Every `rx.items` binding's data source is one; a custom data source
/// (RxDataSources') adopts it to make `modelSelected` work with it. Main-actor isolated, as the views that ask it are.
@preconcurrency @MainActor
public protocol SectionedViewDataSourceType {
    /// The model shown at `indexPath`; throws ``RxCocoaError/itemsNotYetBound(object:)`` when no items are bound
    /// there yet.
    func model(at indexPath: IndexPath) throws -> Any
}
