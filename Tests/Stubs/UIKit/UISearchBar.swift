// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// In UIKit every requirement is `@objc optional` (and the protocol refines `UIBarPositioningDelegate`); declared as
// for `UIScrollViewDelegate`.
@preconcurrency @MainActor
public protocol UISearchBarDelegate: NSObjectProtocol {
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
    func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    { true }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {}
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
    open var showsCancelButton: Bool {
        get { stub() }
        set { stub() }
    }
    open var showsBookmarkButton: Bool {
        get { stub() }
        set { stub() }
    }
    open var showsSearchResultsButton: Bool {
        get { stub() }
        set { stub() }
    }
    open var scopeButtonTitles: [String]? {
        get { stub() }
        set { stub() }
    }
    open var selectedScopeButtonIndex: Int {
        get { stub() }
        set { stub() }
    }
    open var showsScopeBar: Bool {
        get { stub() }
        set { stub() }
    }
}

// In UIKit every requirement is `@objc optional`; declared as for `UIScrollViewDelegate`.
@preconcurrency @MainActor
public protocol UISearchControllerDelegate: NSObjectProtocol {
    func presentSearchController(_ searchController: UISearchController)
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func presentSearchController(_ searchController: UISearchController) {}
    public func willPresentSearchController(_ searchController: UISearchController) {}
    public func didPresentSearchController(_ searchController: UISearchController) {}
    public func willDismissSearchController(_ searchController: UISearchController) {}
    public func didDismissSearchController(_ searchController: UISearchController) {}
}

@preconcurrency @MainActor
open class UISearchController: UIViewController {
    public init(searchResultsController: UIViewController?) { stub() }
    public required init?(coder: NSCoder) { stub() }
    weak open var delegate: (any UISearchControllerDelegate)? {
        get { stub() }
        set { stub() }
    }
    open var searchBar: UISearchBar { stub() }
    open var isActive: Bool {
        get { stub() }
        set { stub() }
    }
    open var obscuresBackgroundDuringPresentation: Bool {
        get { stub() }
        set { stub() }
    }
}
