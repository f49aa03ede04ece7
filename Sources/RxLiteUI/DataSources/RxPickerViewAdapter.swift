#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    /// The data source of the picker adapters behind `rx.itemTitles`, `rx.itemAttributedTitles` and `rx.items`: one
    /// component of rows. Its bookkeeping is an ``ItemModelsStateMachine``; a model is looked up by row (the
    /// component is the index path's section, and there is one).
    @preconcurrency @MainActor
    class RxPickerViewArrayDataSource<Item>: NSObject, UIPickerViewDataSource, SectionedViewDataSourceType {
        private var models = ItemModelsStateMachine<Item>()

        func model(at indexPath: IndexPath) throws -> Any {
            try models.model(section: 0, item: indexPath.row, of: self)
        }

        func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }

        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { models.count }

        /// The model of a row shown.
        func item(at row: Int) -> Item { models.item(at: row) }

        /// Shows `items` in `pickerView`, reloading it.
        func show(_ items: some Sequence<Item>, in pickerView: UIPickerView) {
            _ = models.show(items)
            pickerView.reloadAllComponents()
        }
    }

    /// An array data source over a sequence of sequences: each element replaces the rows.
    @preconcurrency @MainActor
    class RxPickerViewSequenceDataSource<Sequence: Swift.Sequence>: RxPickerViewArrayDataSource<Sequence.Element>,
        RxPickerViewDataSourceType
    {
        typealias Element = Sequence

        func pickerView(_ pickerView: UIPickerView, observedEvent: Event<Sequence>) {
            guard case .next(let items) = observedEvent else { return }
            show(items, in: pickerView)
        }
    }

    /// The adapter of `rx.itemTitles`: a title per row.
    @preconcurrency @MainActor
    final class RxStringPickerViewAdapter<Sequence: Swift.Sequence>: RxPickerViewSequenceDataSource<Sequence>,
        UIPickerViewDelegate
    {
        typealias TitleForRow = (Int, Sequence.Element) -> String?
        private let titleForRow: TitleForRow

        init(titleForRow: @escaping TitleForRow) {
            self.titleForRow = titleForRow
            super.init()
        }

        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            titleForRow(row, item(at: row))
        }
    }

    /// The adapter of `rx.itemAttributedTitles`: an attributed title per row.
    @preconcurrency @MainActor
    final class RxAttributedStringPickerViewAdapter<Sequence: Swift.Sequence>:
        RxPickerViewSequenceDataSource<Sequence>, UIPickerViewDelegate
    {
        typealias AttributedTitleForRow = (Int, Sequence.Element) -> NSAttributedString?
        private let attributedTitleForRow: AttributedTitleForRow

        init(attributedTitleForRow: @escaping AttributedTitleForRow) {
            self.attributedTitleForRow = attributedTitleForRow
            super.init()
        }

        func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int)
            -> NSAttributedString?
        {
            attributedTitleForRow(row, item(at: row))
        }
    }

    /// The adapter of `rx.items`: a view per row, given the view UIKit offers for reuse.
    @preconcurrency @MainActor
    final class RxPickerViewAdapter<Sequence: Swift.Sequence>: RxPickerViewSequenceDataSource<Sequence>,
        UIPickerViewDelegate
    {
        typealias ViewForRow = (Int, Sequence.Element, UIView?) -> UIView
        private let viewForRow: ViewForRow

        init(viewForRow: @escaping ViewForRow) {
            self.viewForRow = viewForRow
            super.init()
        }

        func pickerView(
            _ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?
        ) -> UIView {
            viewForRow(row, item(at: row), view)
        }
    }
#endif
