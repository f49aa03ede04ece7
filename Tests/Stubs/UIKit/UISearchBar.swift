// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// In UIKit both requirements are `@objc optional` (and the protocol refines `UIBarPositioningDelegate`); declared as
// for `UIScrollViewDelegate`.
@preconcurrency @MainActor
public protocol UISearchBarDelegate: NSObjectProtocol {
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
}

/// The search bar's text field (iOS 13): a `UITextField`, so `searchBar.searchTextField.rx.text` reads what is typed.
@preconcurrency @MainActor
open class UISearchTextField: UITextField {}

@preconcurrency @MainActor
open class UISearchBar: UIView {
    public override init(frame: CGRect) { stub() }
    public required init?(coder: NSCoder) { stub() }
    open var text: String? {
        get { stub() }
        set { stub() }
    }
    open var placeholder: String? {
        get { stub() }
        set { stub() }
    }
    weak open var delegate: (any UISearchBarDelegate)? {
        get { stub() }
        set { stub() }
    }
    open var searchTextField: UISearchTextField { stub() }
}
