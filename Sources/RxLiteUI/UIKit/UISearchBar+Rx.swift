#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UISearchBar {
        /// The same property as `rx.text`, under RxCocoa's other name for it.
        @preconcurrency @MainActor
        public var value: ControlProperty<String?> { text }

        /// The text, as RxCocoa's `searchBar.rx.text`: the current text at subscription, then the text after each
        /// edit; setting it sets the text (only when it differs, so the cursor does not jump).
        ///
        /// Edits are observed on the bar's `searchTextField` (a `UITextField`, iOS 13) with control events, not
        /// through the bar's delegate: the app's `UISearchBarDelegate` stays its own (RxCocoa installs a delegate
        /// proxy instead). Reads and writes happen on the main queue; the bar is held weakly.
        @preconcurrency @MainActor
        public var text: ControlProperty<String?> {
            let values = base.searchTextField.rx.text.asObservable()
            let sink = Binder<String?>(base) { searchBar, text in
                if searchBar.text != text { searchBar.text = text }
            }
            return ControlProperty(values: values, valueSink: sink)
        }
    }
#endif
