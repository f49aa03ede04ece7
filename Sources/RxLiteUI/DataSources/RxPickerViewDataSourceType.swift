#if canImport(UIKit)
    import RxLite
    import UIKit

    /// A picker view adapter that `pickerView.rx.items(adapter:)` binds a sequence to: it receives each element of the
    /// sequence and updates the picker, while it answers the picker as its data source and delegate.
    ///
    /// Main-actor isolated, as `UIPickerViewDataSource` is (`@preconcurrency`, so Swift 5 code sees no change).
    @preconcurrency @MainActor
    public protocol RxPickerViewDataSourceType {
        /// The type of the sequence's elements (often an array of rows, or of components).
        associatedtype Element

        /// Receives an event of the bound sequence, on the main actor: an element to show in `pickerView`.
        func pickerView(_ pickerView: UIPickerView, observedEvent: Event<Element>)
    }
#endif
