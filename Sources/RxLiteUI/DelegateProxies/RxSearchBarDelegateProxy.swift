#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UISearchBar: HasDelegate {
        /// A search bar's delegate type.
        public typealias Delegate = UISearchBarDelegate
    }

    /// The delegate proxy of a search bar (see ``DelegateProxyType``): `rx.text`, `rx.searchButtonClicked` and the
    /// other search bar events come from here, and every call reaches the delegate the app set as well.
    @preconcurrency @MainActor
    open class RxSearchBarDelegateProxy: DelegateProxy<UISearchBar, UISearchBarDelegate>, DelegateProxyType,
        UISearchBarDelegate
    {
        /// The search bar whose delegate slot the proxy occupies.
        public private(set) weak var searchBar: UISearchBar?

        /// The bar's text (`""` for none) after each change by the user and when editing ends, for `rx.text`.
        let textCalls = PublishSubject<String?>()
        let selectedScopeCalls = PublishSubject<Int>()
        let searchButtonCalls = PublishSubject<Void>()
        let cancelButtonCalls = PublishSubject<Void>()
        let bookmarkButtonCalls = PublishSubject<Void>()
        let resultsListButtonCalls = PublishSubject<Void>()
        let didBeginEditingCalls = PublishSubject<Void>()
        let didEndEditingCalls = PublishSubject<Void>()

        /// A proxy for `searchBar`.
        public init(searchBar: ParentObject) {
            self.searchBar = searchBar
            super.init(parentObject: searchBar, delegateProxy: RxSearchBarDelegateProxy.self)
        }

        /// Registers the proxy of search bars.
        public static func registerKnownImplementations() {
            register { RxSearchBarDelegateProxy(searchBar: $0) }
        }

        /// Tells `rx.text`, then the forward delegate.
        public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
            textCalls.onNext(searchBar.text ?? "")
            (forwardToDelegate()?.searchBar(_:textDidChange:))?(searchBar, searchText)
        }

        /// Tells `rx.text` (the text as editing ends) and `rx.textDidEndEditing`, then the forward delegate.
        public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {
            textCalls.onNext(searchBar.text ?? "")
            didEndEditingCalls.onNext(())
            (forwardToDelegate()?.searchBarTextDidEndEditing)?(searchBar)
        }

        /// Tells `rx.textDidBeginEditing`, then the forward delegate.
        public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {
            didBeginEditingCalls.onNext(())
            (forwardToDelegate()?.searchBarTextDidBeginEditing)?(searchBar)
        }

        /// Tells `rx.selectedScopeButtonIndex`, then the forward delegate.
        public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) {
            selectedScopeCalls.onNext(selectedScope)
            (forwardToDelegate()?.searchBar(_:selectedScopeButtonIndexDidChange:))?(searchBar, selectedScope)
        }

        /// Tells `rx.searchButtonClicked`, then the forward delegate.
        public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
            searchButtonCalls.onNext(())
            (forwardToDelegate()?.searchBarSearchButtonClicked)?(searchBar)
        }

        /// Tells `rx.cancelButtonClicked`, then the forward delegate.
        public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
            cancelButtonCalls.onNext(())
            (forwardToDelegate()?.searchBarCancelButtonClicked)?(searchBar)
        }

        /// Tells `rx.bookmarkButtonClicked`, then the forward delegate.
        public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) {
            bookmarkButtonCalls.onNext(())
            (forwardToDelegate()?.searchBarBookmarkButtonClicked)?(searchBar)
        }

        /// Tells `rx.resultsListButtonClicked`, then the forward delegate.
        public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) {
            resultsListButtonCalls.onNext(())
            (forwardToDelegate()?.searchBarResultsListButtonClicked)?(searchBar)
        }
    }
#endif
