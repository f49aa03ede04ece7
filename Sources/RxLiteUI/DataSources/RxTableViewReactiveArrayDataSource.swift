#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    /// The non-generic base that UIKit calls: an Objective-C protocol is met by a non-generic class, as in RxCocoa.
    @preconcurrency @MainActor
    class TableViewArrayDataSourceBase: NSObject, UITableViewDataSource {
        /// One section: the items.
        func numberOfSections(in tableView: UITableView) -> Int { 1 }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rowCount }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            cell(for: indexPath, in: tableView)
        }

        /// The rows shown (a subclass's items).
        var rowCount: Int { 0 }

        /// The cell of a row shown.
        func cell(for indexPath: IndexPath, in tableView: UITableView) -> UITableViewCell {
            preconditionFailure("Internal inconsistency: TableViewArrayDataSourceBase.cell(for:in:) is not overridden")
        }
    }

    /// The data source of `tableView.rx.items` with a cell factory or a cell identifier: one section of items, each
    /// row's cell made by `cellFactory`. Its bookkeeping is an ``ItemModelsStateMachine``.
    @preconcurrency @MainActor
    class RxTableViewReactiveArrayDataSource<Item>: TableViewArrayDataSourceBase, SectionedViewDataSourceType {
        typealias CellFactory = (UITableView, Int, Item) -> UITableViewCell

        private var models = ItemModelsStateMachine<Item>()
        private let cellFactory: CellFactory

        init(cellFactory: @escaping CellFactory) {
            self.cellFactory = cellFactory
        }

        override var rowCount: Int { models.count }

        func model(at indexPath: IndexPath) throws -> Any {
            try models.model(section: indexPath.section, item: indexPath.row, of: self)
        }

        override func cell(for indexPath: IndexPath, in tableView: UITableView) -> UITableViewCell {
            cellFactory(tableView, indexPath.row, models.item(at: indexPath.row))
        }

        /// Shows `items` in `tableView`, reloading it.
        func show(_ items: some Sequence<Item>, in tableView: UITableView) {
            perform(models.show(items), on: tableView)
        }

        /// Shows the items of `update` in `tableView`, inserting the rows it appends where it can.
        func apply(_ update: ListUpdate<Item>, to tableView: UITableView) {
            perform(models.apply(update), on: tableView)
        }

        private func perform(_ action: ItemModelsStateMachine<Item>.Action, on tableView: UITableView) {
            switch action {
            case .reload:
                tableView.reloadData()
            case .insert(let rows):
                tableView.insertRows(at: rows.map { IndexPath(row: $0, section: 0) }, with: .automatic)
            case .none:
                break
            }
        }
    }

    /// `rx.items` over a sequence of sequences: each element replaces the rows.
    @preconcurrency @MainActor
    final class RxTableViewReactiveArrayDataSourceSequenceWrapper<Sequence: Swift.Sequence>:
        RxTableViewReactiveArrayDataSource<Sequence.Element>, RxTableViewDataSourceType
    {
        typealias Element = Sequence

        func tableView(_ tableView: UITableView, observedEvent: Event<Sequence>) {
            guard case .next(let items) = observedEvent else { return }
            show(items, in: tableView)
        }
    }

    /// `rx.items` over a sequence of ``ListUpdate``s: an append right after the rows shown inserts just those rows.
    @preconcurrency @MainActor
    final class RxTableViewReactiveListUpdateDataSource<Item>: RxTableViewReactiveArrayDataSource<Item>,
        RxTableViewDataSourceType
    {
        typealias Element = ListUpdate<Item>

        func tableView(_ tableView: UITableView, observedEvent: Event<ListUpdate<Item>>) {
            guard case .next(let update) = observedEvent else { return }
            apply(update, to: tableView)
        }
    }

    /// The cell `tableView` dequeues with `identifier` for row `row`, as a `Cell`: a cell of another class registered
    /// for the identifier is a programming error.
    @preconcurrency @MainActor
    func dequeueCell<Cell: UITableViewCell>(
        _ cellType: Cell.Type, withIdentifier identifier: String, row: Int, in tableView: UITableView
    ) -> Cell {
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: IndexPath(row: row, section: 0))
        guard let typed = cell as? Cell else {
            fatalError("The cell registered for \"\(identifier)\" is a \(type(of: cell)), not a \(Cell.self)")
        }
        return typed
    }
#endif
