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

@preconcurrency @MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
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
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        stub()
    }
    open func reloadData() { stub() }
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) { stub() }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { stub() }
}

extension IndexPath {
    public init(row: Int, section: Int) { stub() }
    public var row: Int { stub() }
    public var section: Int { stub() }
}
