// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

@preconcurrency @MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable {
        case `default` = 0
        case value1 = 1
        case value2 = 2
        case subtitle = 3
    }

    public enum EditingStyle: Int, Sendable {
        case none = 0
        case delete = 1
        case insert = 2
    }

    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { stub() }
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var textLabel: UILabel? { stub() }
    open var detailTextLabel: UILabel? { stub() }
}

// UIKit's UITableViewDelegate: the requirements the example and the table's delegate proxy implement (see the
// delegate protocols above). On
// iOS `UITableView` redeclares `delegate` as `(any UITableViewDelegate)?`; Swift cannot say that in a subclass, so
// here a table's delegate is the `UIScrollViewDelegate` this protocol refines.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(
        _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {}
}

// The first two requirements are required in UIKit too; the others are `@objc optional` (see above).
@preconcurrency @MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { stub() }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { stub() }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { stub() }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { stub() }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { stub() }
    public func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}
    public func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}
}

// UIKit's UITableViewDataSourcePrefetching: the first requirement is required, the second `@objc optional`.
@preconcurrency @MainActor
public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
    func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension UITableViewDataSourcePrefetching {
    public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

@preconcurrency @MainActor
open class UITableView: UIScrollView {
    public enum RowAnimation: Int, Sendable {
        case fade = 0
        case right = 1
        case left = 2
        case top = 3
        case bottom = 4
        case none = 5
        case middle = 6
        case automatic = 100
    }

    public enum Style: Int, Sendable {
        case plain = 0
        case grouped = 1
        case insetGrouped = 2
    }

    public init(frame: CGRect, style: UITableView.Style) { stub() }
    // Objective-C's inherited `-initWithFrame:` (a plain table).
    public override convenience init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) { stub() }

    weak open var dataSource: (any UITableViewDataSource)? {
        get { stub() }
        set { stub() }
    }
    weak open var prefetchDataSource: (any UITableViewDataSourcePrefetching)? {
        get { stub() }
        set { stub() }
    }
    open var isEditing: Bool {
        get { stub() }
        set { stub() }
    }
    open func setEditing(_ editing: Bool, animated: Bool) { stub() }
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        stub()
    }
    open func reloadData() { stub() }
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) { stub() }
    open func deleteRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) { stub() }
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { stub() }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { stub() }
}

extension IndexPath {
    public init(row: Int, section: Int) { stub() }
    public var row: Int { stub() }
    public var section: Int { stub() }
}
