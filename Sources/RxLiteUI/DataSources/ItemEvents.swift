#if canImport(UIKit)
    import Foundation
    import UIKit

    /// A row moved by the user: where it was and where it went.
    public typealias ItemMovedEvent = (sourceIndex: IndexPath, destinationIndex: IndexPath)
    /// A cell about to be shown, and its row.
    public typealias WillDisplayCellEvent = (cell: UITableViewCell, indexPath: IndexPath)
    /// A cell that stopped being shown, and the row it showed.
    public typealias DidEndDisplayingCellEvent = (cell: UITableViewCell, indexPath: IndexPath)
#endif
