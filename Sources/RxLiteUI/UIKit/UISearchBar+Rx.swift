#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UISearchBar {
        /// The search bar's delegate proxy (see ``DelegateProxyType``), installed on first use.
        @preconcurrency @MainActor
        public var delegate: DelegateProxy<UISearchBar, UISearchBarDelegate> {
            RxSearchBarDelegateProxy.proxy(for: base)
        }

        /// Makes `delegate` the search bar's delegate behind the proxy, until the result is disposed; the delegate is
        /// not retained. Setting `searchBar.delegate` before subscribing works too: the proxy picks it up.
        @preconcurrency @MainActor
        public func setDelegate(_ delegate: UISearchBarDelegate) -> any Disposable {
            RxSearchBarDelegateProxy.installForwardDelegate(delegate, retainDelegate: false, onProxyForObject: base)
        }

        /// The same property as `rx.text`, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<String?> { text }

        /// The text, as RxCocoa reads it: the current text at subscription, then the text (`""` for none) after each
        /// change by the user (`searchBar(_:textDidChange:)`) and when editing ends; binding to it sets the text
        /// (only when it differs, so the cursor does not jump). Completes when the search bar goes away.
        ///
        /// It comes through the search bar's delegate proxy: a delegate the app set keeps receiving every call. Set
        /// it before subscribing, or with `rx.setDelegate(_:)`.
        @preconcurrency @MainActor
        public var text: ControlProperty<String?> {
            let proxy = RxSearchBarDelegateProxy.proxy(for: base)
            let values = proxy.events(proxy.textCalls) { [weak proxy] in proxy?.searchBar.map { $0.text } }
            let sink = Binder<String?>(base) { searchBar, text in
                if searchBar.text != text { searchBar.text = text }
            }
            return ControlProperty(values: values, valueSink: sink)
        }

        /// The index of the selected scope button: the current index at subscription, then the index after each
        /// selection by the user (`searchBar(_:selectedScopeButtonIndexDidChange:)`); binding to it selects that
        /// button. Completes when the search bar goes away.
        @preconcurrency @MainActor
        public var selectedScopeButtonIndex: ControlProperty<Int> {
            let proxy = RxSearchBarDelegateProxy.proxy(for: base)
            let values = proxy.events(proxy.selectedScopeCalls) { [weak proxy] in
                proxy?.searchBar?.selectedScopeButtonIndex
            }
            let sink = Binder<Int>(base) { searchBar, index in searchBar.selectedScopeButtonIndex = index }
            return ControlProperty(values: values, valueSink: sink)
        }

        /// Each tap of the cancel button (`searchBarCancelButtonClicked(_:)`).
        @preconcurrency @MainActor
        public var cancelButtonClicked: ControlEvent<Void> { proxyEvent(\.cancelButtonCalls) }

        /// Each tap of the bookmark button (`searchBarBookmarkButtonClicked(_:)`).
        @preconcurrency @MainActor
        public var bookmarkButtonClicked: ControlEvent<Void> { proxyEvent(\.bookmarkButtonCalls) }

        /// Each tap of the results list button (`searchBarResultsListButtonClicked(_:)`).
        @preconcurrency @MainActor
        public var resultsListButtonClicked: ControlEvent<Void> { proxyEvent(\.resultsListButtonCalls) }

        /// Each tap of the keyboard's search button (`searchBarSearchButtonClicked(_:)`), through the search bar's
        /// delegate proxy: the app's own delegate still receives every call. Completes when the search bar goes
        /// away.
        @preconcurrency @MainActor
        public var searchButtonClicked: ControlEvent<Void> { proxyEvent(\.searchButtonCalls) }

        /// Each start of editing (`searchBarTextDidBeginEditing(_:)`).
        @preconcurrency @MainActor
        public var textDidBeginEditing: ControlEvent<Void> { proxyEvent(\.didBeginEditingCalls) }

        /// Each end of editing (`searchBarTextDidEndEditing(_:)`).
        @preconcurrency @MainActor
        public var textDidEndEditing: ControlEvent<Void> { proxyEvent(\.didEndEditingCalls) }

        @preconcurrency @MainActor
        private func proxyEvent(_ calls: KeyPath<RxSearchBarDelegateProxy, PublishSubject<Void>>) -> ControlEvent<Void>
        {
            let proxy = RxSearchBarDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy[keyPath: calls]))
        }
    }
#endif
