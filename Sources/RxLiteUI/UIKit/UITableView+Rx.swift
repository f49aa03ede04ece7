#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension Reactive where Base: UITableView {
        /// Binds a sequence of arrays to the table's rows, one section, cells of `cellType` dequeued with
        /// `cellIdentifier` and set up by `configureCell(row, item, cell)`. Every array reloads the table.
        ///
        /// ```swift
        /// viewModel.books
        ///     .drive(tableView.rx.items(cellIdentifier: "Book", cellType: BookCell.self)) { row, book, cell in
        ///         cell.titleLabel.text = book.title
        ///     }
        ///     .disposed(by: disposeBag)
        /// ```
        ///
        /// The binding sets itself as the table's data source until it is disposed; the table is held weakly.
        /// `configureCell` runs on the main actor (UIKit asks for cells there). Its type carries no `@MainActor`:
        /// Swift 6.3 fails to type-check `bind(to:curriedArgument:)` through a `@MainActor` closure type, and a
        /// closure written in main-actor code is main-actor isolated anyway.
        @preconcurrency @MainActor
        public func items<Items: Sequence, Cell: UITableViewCell, Source: ObservableType>(
            cellIdentifier: String, cellType: Cell.Type = Cell.self
        ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Items.Element, Cell) -> Void) -> any Disposable
        where Source.Element == Items {
            let tableView = base
            return { source in
                { configureCell in
                    TableItemsDataSource(cellIdentifier: cellIdentifier, configureCell: configureCell)
                        .bind(source.asObservable().map { ListUpdate(items: Array($0)) }, to: tableView)
                }
            }
        }

        /// Binds a sequence of ``ListUpdate``s to the table's rows: an update that says it appends rows right after
        /// the ones shown inserts just those rows (`insertRows`), anything else reloads the table. The first update
        /// after binding always reloads.
        @preconcurrency @MainActor
        public func items<Item, Cell: UITableViewCell, Source: ObservableType>(
            cellIdentifier: String, cellType: Cell.Type = Cell.self
        ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Item, Cell) -> Void) -> any Disposable
        where Source.Element == ListUpdate<Item> {
            let tableView = base
            return { source in
                { configureCell in
                    TableItemsDataSource(cellIdentifier: cellIdentifier, configureCell: configureCell)
                        .bind(source.asObservable(), to: tableView)
                }
            }
        }
    }

    extension Reactive where Base: UITableView {
        /// Each row the user selects (`tableView(_:didSelectRowAt:)`), through the table's delegate proxy: the app's
        /// own delegate still receives every call. Completes when the table goes away.
        @preconcurrency @MainActor
        public var itemSelected: ControlEvent<IndexPath> { tableEvent(\.didSelectCalls) }

        /// Each row deselected (`tableView(_:didDeselectRowAt:)`).
        @preconcurrency @MainActor
        public var itemDeselected: ControlEvent<IndexPath> { tableEvent(\.didDeselectCalls) }

        /// Each row highlighted as the user touches it (`tableView(_:didHighlightRowAt:)`).
        @preconcurrency @MainActor
        public var itemHighlighted: ControlEvent<IndexPath> { tableEvent(\.didHighlightCalls) }

        /// Each row unhighlighted (`tableView(_:didUnhighlightRowAt:)`).
        @preconcurrency @MainActor
        public var itemUnhighlighted: ControlEvent<IndexPath> { tableEvent(\.didUnhighlightCalls) }

        /// Each tap on a row's accessory button (`tableView(_:accessoryButtonTappedForRowWith:)`).
        @preconcurrency @MainActor
        public var itemAccessoryButtonTapped: ControlEvent<IndexPath> { tableEvent(\.accessoryButtonTappedCalls) }

        /// Each cell about to be shown (`tableView(_:willDisplay:forRowAt:)`).
        @preconcurrency @MainActor
        public var willDisplayCell: ControlEvent<WillDisplayCellEvent> { tableEvent(\.willDisplayCalls) }

        /// Each cell that stopped being shown (`tableView(_:didEndDisplaying:forRowAt:)`).
        @preconcurrency @MainActor
        public var didEndDisplayingCell: ControlEvent<DidEndDisplayingCellEvent> {
            tableEvent(\.didEndDisplayingCalls)
        }

        /// The model of each row the user selects, read from the bound data source (see ``model(at:)``); fails with
        /// the error `model(at:)` throws.
        ///
        /// ```swift
        /// tableView.rx.modelSelected(Book.self)
        ///     .subscribe(onNext: { [weak self] book in self?.show(book) })
        ///     .disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<T> { models(of: itemSelected) }

        /// The model of each row deselected, read from the bound data source.
        @preconcurrency @MainActor
        public func modelDeselected<T>(_ modelType: T.Type) -> ControlEvent<T> { models(of: itemDeselected) }

        /// The model the table's data source shows at `indexPath`: the data source must adopt
        /// ``SectionedViewDataSourceType``, as every `rx.items` binding's does. Throws
        /// ``RxCocoaError/itemsNotYetBound(object:)`` when no such data source or row is bound, and
        /// ``RxCocoaError/castingError(object:targetType:)`` when the model is not a `T`.
        @preconcurrency @MainActor
        public func model<T>(at indexPath: IndexPath) throws -> T {
            let dataSource = base.dataSource.map { $0 as AnyObject }
            guard let sectioned = dataSource as? SectionedViewDataSourceType else {
                throw RxCocoaError.itemsNotYetBound(object: base)
            }
            let model = try sectioned.model(at: indexPath)
            guard let typed = model as? T else { throw RxCocoaError.castingError(object: model, targetType: T.self) }
            return typed
        }

        @preconcurrency @MainActor
        private func tableEvent<Element: Sendable>(
            _ calls: KeyPath<RxTableViewDelegateProxy, PublishSubject<Element>>
        ) -> ControlEvent<Element> {
            let proxy = RxTableViewDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy[keyPath: calls]))
        }

        @preconcurrency @MainActor
        private func models<T>(of rows: ControlEvent<IndexPath>) -> ControlEvent<T> {
            let models = rows.asObservable().flatMap { [weak tableView = base as UITableView] indexPath in
                // Delivered on the main actor, as the proxy's calls are; the model is read there.
                var model: Observable<T> = .empty()
                try MainActor.assumeIsolated {
                    if let tableView { model = .just(try tableView.rx.model(at: indexPath)) }
                }
                return model
            }
            return ControlEvent(events: models)
        }
    }

    /// The non-generic base that UIKit calls: Objective-C protocols are met by a non-generic class, as in RxCocoa.
    @preconcurrency @MainActor
    class TableItemsDataSourceBase: NSObject, UITableViewDataSource, SectionedViewDataSourceType {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rowCount }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            cell(for: indexPath, in: tableView)
        }

        var rowCount: Int { 0 }

        func model(at indexPath: IndexPath) throws -> Any { throw RxCocoaError.itemsNotYetBound(object: self) }

        func cell(for indexPath: IndexPath, in tableView: UITableView) -> UITableViewCell {
            preconditionFailure("Internal inconsistency: TableItemsDataSourceBase.cell(for:in:) is not overridden")
        }
    }

    /// The rows of one `items` binding.
    @preconcurrency @MainActor
    final class TableItemsDataSource<Item, Cell: UITableViewCell>: TableItemsDataSourceBase {
        private let cellIdentifier: String
        private let configureCell: (Int, Item, Cell) -> Void
        private var items: PagedItems<Item> = []
        // Until the first update, the table's row count is unknown, so even an append reloads.
        private var hasLoaded = false

        init(cellIdentifier: String, configureCell: @escaping (Int, Item, Cell) -> Void) {
            self.cellIdentifier = cellIdentifier
            self.configureCell = configureCell
        }

        override var rowCount: Int { items.count }

        override func model(at indexPath: IndexPath) throws -> Any {
            guard indexPath.section == 0, indexPath.row >= 0, indexPath.row < items.count else {
                throw RxCocoaError.itemsNotYetBound(object: self)
            }
            return items[indexPath.row]
        }

        override func cell(for indexPath: IndexPath, in tableView: UITableView) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: cellIdentifier, for: indexPath)
            guard let typed = cell as? Cell else {
                fatalError("Cell for \"\(cellIdentifier)\" is \(type(of: cell)), expected \(Cell.self)")
            }
            configureCell(indexPath.row, items[indexPath.row], typed)
            return cell
        }

        func apply(_ update: ListUpdate<Item>, to tableView: UITableView) {
            let inserted = hasLoaded ? update.insertedRows(afterShowing: items.count) : nil
            items = update.items
            hasLoaded = true
            if let inserted {
                if !inserted.isEmpty {
                    tableView.insertRows(at: inserted.map { IndexPath(row: $0, section: 0) }, with: .automatic)
                }
            } else {
                tableView.reloadData()
            }
        }

        /// Makes this the table's data source and applies every update on the main queue; disposing the result
        /// stops the updates and, if this is still the table's data source, removes it.
        func bind(_ updates: Observable<ListUpdate<Item>>, to tableView: UITableView) -> any Disposable {
            tableView.dataSource = self
            // The binder holds the table weakly and this data source strongly: the subscription keeps it alive,
            // since the table's `dataSource` is weak.
            let subscription = updates.bind(
                to: Binder(tableView) { [self] tableView, update in apply(update, to: tableView) })
            return Disposables.create { [weak tableView] in
                subscription.dispose()
                _ = MainScheduler.instance.schedule(()) { _ in
                    MainActor.assumeIsolated {
                        if let tableView, tableView.dataSource === self {
                            tableView.dataSource = nil
                            tableView.reloadData()
                        }
                    }
                    return Disposables.create()
                }
            }
        }
    }
#endif
