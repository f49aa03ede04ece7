#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    // The `items` bindings. Each puts a data source behind the table's data-source proxy (`rx.dataSource`), which
    // keeps it alive until the binding is disposed; the data source the app set keeps every call the bound one does
    // not implement. The closures carry no `@MainActor`: Swift 6.3 fails to type-check `bind(to:curriedArgument:)`
    // through a `@MainActor` closure type. UIKit calls them on the main actor, and a closure written in main-actor
    // code is main-actor isolated anyway.
    extension Reactive where Base: UITableView {
        /// Binds a sequence of arrays (any sequences) to the table's rows, one section, each row's cell made by
        /// `cellFactory(tableView, row, item)`. Every element reloads the table.
        ///
        /// ```swift
        /// items
        ///     .bind(to: tableView.rx.items) { tableView, row, item in
        ///         let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: IndexPath(row: row, section: 0))
        ///         cell.textLabel?.text = "\(item)"
        ///         return cell
        ///     }
        ///     .disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        public func items<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
            -> (_ cellFactory: @escaping (UITableView, Int, Sequence.Element) -> UITableViewCell) -> any Disposable
        where Source.Element == Sequence {
            { cellFactory in
                let dataSource = RxTableViewReactiveArrayDataSourceSequenceWrapper<Sequence>(cellFactory: cellFactory)
                return items(dataSource: dataSource)(source)
            }
        }

        /// Binds a sequence of arrays (any sequences) to the table's rows, one section, cells of `cellType` dequeued
        /// with `cellIdentifier` and set up by `configureCell(row, item, cell)`. Every element reloads the table.
        ///
        /// ```swift
        /// viewModel.books
        ///     .drive(tableView.rx.items(cellIdentifier: "Book", cellType: BookCell.self)) { row, book, cell in
        ///         cell.titleLabel.text = book.title
        ///     }
        ///     .disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        public func items<Sequence: Swift.Sequence, Cell: UITableViewCell, Source: ObservableType>(
            cellIdentifier: String, cellType: Cell.Type = Cell.self
        ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Sequence.Element, Cell) -> Void) -> any Disposable
        where Source.Element == Sequence {
            { source in
                { configureCell in
                    let dataSource = RxTableViewReactiveArrayDataSourceSequenceWrapper<Sequence> {
                        tableView, row, item in
                        let cell = dequeueCell(Cell.self, withIdentifier: cellIdentifier, row: row, in: tableView)
                        configureCell(row, item, cell)
                        return cell
                    }
                    return items(dataSource: dataSource)(source)
                }
            }
        }

        /// Binds a sequence of ``ListUpdate``s to the table's rows: an update that says it appends rows right after
        /// the ones shown inserts just those rows (`insertRows`), anything else reloads the table. The first update
        /// after binding always reloads. (RxLite's; RxCocoa has no such form.)
        @preconcurrency @MainActor
        public func items<Item, Cell: UITableViewCell, Source: ObservableType>(
            cellIdentifier: String, cellType: Cell.Type = Cell.self
        ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Item, Cell) -> Void) -> any Disposable
        where Source.Element == ListUpdate<Item> {
            { source in
                { configureCell in
                    let dataSource = RxTableViewReactiveListUpdateDataSource<Item> { tableView, row, item in
                        let cell = dequeueCell(Cell.self, withIdentifier: cellIdentifier, row: row, in: tableView)
                        configureCell(row, item, cell)
                        return cell
                    }
                    return items(dataSource: dataSource)(source)
                }
            }
        }

        /// Binds a sequence to the table through `dataSource`, which receives each element on the main actor
        /// (``RxTableViewDataSourceType/tableView(_:observedEvent:)``) and answers the table: RxDataSources' data
        /// sources are bound this way.
        ///
        /// The binding keeps `dataSource` alive until it is disposed, and then releases it and reloads the table; when
        /// the sequence completes, the table goes on showing its last element. The data source the app set stays
        /// behind the bound one and answers every call the bound one does not implement.
        @preconcurrency @MainActor
        public func items<DataSource: RxTableViewDataSourceType & UITableViewDataSource, Source: ObservableType>(
            dataSource: DataSource
        ) -> (_ source: Source) -> any Disposable where DataSource.Element == Source.Element {
            { source in
                let proxy = RxTableViewDataSourceProxy.proxy(for: base)
                return proxy.bind(
                    source.asObservable(), through: dataSource, in: proxy.boundDataSource,
                    observe: { [weak tableView = base as UITableView] event in
                        if let tableView { dataSource.tableView(tableView, observedEvent: event) }
                    },
                    unbound: { [weak tableView = base as UITableView] in tableView?.reloadData() })
            }
        }
    }

    extension Reactive where Base: UITableView {
        /// The table's data-source proxy (see ``RxTableViewDataSourceProxy``), installed on first use.
        @preconcurrency @MainActor
        public var dataSource: DelegateProxy<UITableView, UITableViewDataSource> {
            RxTableViewDataSourceProxy.proxy(for: base)
        }

        /// Makes `dataSource` the table's data source behind the proxy, until the result is disposed; it is not
        /// retained. An `items` binding's data source goes in front of it: `dataSource` answers what that one does
        /// not implement.
        @preconcurrency @MainActor
        public func setDataSource(_ dataSource: UITableViewDataSource) -> any Disposable {
            RxTableViewDataSourceProxy.installForwardDelegate(dataSource, retainDelegate: false, onProxyForObject: base)
        }

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

        /// Each row the user inserts in editing mode (`tableView(_:commit:forRowAt:)` with `.insert`), through the
        /// table's data-source proxy. While subscribed, the proxy tells the table its data source commits edits.
        @preconcurrency @MainActor
        public var itemInserted: ControlEvent<IndexPath> { committedRows(.insert) }

        /// Each row the user deletes (`tableView(_:commit:forRowAt:)` with `.delete`), through the table's
        /// data-source proxy. While subscribed, the proxy tells the table its data source commits edits, which turns
        /// on swipe to delete.
        @preconcurrency @MainActor
        public var itemDeleted: ControlEvent<IndexPath> { committedRows(.delete) }

        /// Each row the user moves (`tableView(_:moveRowAt:to:)`), through the table's data-source proxy. While
        /// subscribed, the proxy tells the table its data source moves rows, which shows reorder controls in editing
        /// mode.
        @preconcurrency @MainActor
        public var itemMoved: ControlEvent<ItemMovedEvent> {
            let proxy = RxTableViewDataSourceProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.moveCalls))
        }

        /// Each cell about to be shown (`tableView(_:willDisplay:forRowAt:)`).
        @preconcurrency @MainActor
        public var willDisplayCell: ControlEvent<WillDisplayCellEvent> { tableEvent(\.willDisplayCalls) }

        /// Each cell that stopped being shown (`tableView(_:didEndDisplaying:forRowAt:)`).
        @preconcurrency @MainActor
        public var didEndDisplayingCell: ControlEvent<DidEndDisplayingCellEvent> {
            tableEvent(\.didEndDisplayingCalls)
        }

        /// The model of each row the user selects, read from the bound data source (see `model(at:)`); fails with
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

        /// The model of each row the user deletes, read from the bound data source before the deletion reaches it.
        @preconcurrency @MainActor
        public func modelDeleted<T>(_ modelType: T.Type) -> ControlEvent<T> { models(of: itemDeleted) }

        /// The model the table's data source shows at `indexPath`: the data source of the `items` binding in force
        /// (or the table's own data source), which must adopt ``SectionedViewDataSourceType``, as every `rx.items`
        /// binding's does. Throws ``RxCocoaError/itemsNotYetBound(object:)`` when no such data source or row is
        /// bound, and ``RxCocoaError/castingError(object:targetType:)`` when the model is not a `T`.
        @preconcurrency @MainActor
        public func model<T>(at indexPath: IndexPath) throws -> T {
            var dataSource = base.dataSource
            if let proxy = dataSource as? RxTableViewDataSourceProxy { dataSource = proxy.forwardToDelegate() }
            return try sectionedModel(at: indexPath, of: dataSource, in: base)
        }

        @preconcurrency @MainActor
        private func tableEvent<Element: Sendable>(
            _ calls: KeyPath<RxTableViewDelegateProxy, PublishSubject<Element>>
        ) -> ControlEvent<Element> {
            let proxy = RxTableViewDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy[keyPath: calls]))
        }

        @preconcurrency @MainActor
        private func committedRows(_ editingStyle: UITableViewCell.EditingStyle) -> ControlEvent<IndexPath> {
            let proxy = RxTableViewDataSourceProxy.proxy(for: base)
            let rows = proxy.events(proxy.commitCalls).filter { $0.editingStyle == editingStyle }.map(\.indexPath)
            return ControlEvent(events: rows)
        }

        @preconcurrency @MainActor
        private func models<T>(of rows: ControlEvent<IndexPath>) -> ControlEvent<T> {
            ControlEvent(
                events: RxLiteUI.models(at: rows.asObservable()) { [weak tableView = base as UITableView] in
                    try tableView?.rx.model(at: $0)
                })
        }
    }

    extension Reactive where Base: UITableView {
        /// The table's prefetching data-source proxy (see ``RxTableViewDataSourcePrefetchingProxy``), installed on
        /// first use.
        @preconcurrency @MainActor
        public var prefetchDataSource: DelegateProxy<UITableView, UITableViewDataSourcePrefetching> {
            RxTableViewDataSourcePrefetchingProxy.proxy(for: base)
        }

        /// Makes `prefetchDataSource` the table's prefetching data source behind the proxy, until the result is
        /// disposed; it is not retained.
        @preconcurrency @MainActor
        public func setPrefetchDataSource(_ prefetchDataSource: UITableViewDataSourcePrefetching) -> any Disposable {
            RxTableViewDataSourcePrefetchingProxy.installForwardDelegate(
                prefetchDataSource, retainDelegate: false, onProxyForObject: base)
        }

        /// The rows the table will soon show, each time it asks to prefetch them (`tableView(_:prefetchRowsAt:)`).
        @preconcurrency @MainActor
        public var prefetchRows: ControlEvent<[IndexPath]> {
            let proxy = RxTableViewDataSourcePrefetchingProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.prefetchCalls))
        }

        /// The rows the table no longer needs prefetched (`tableView(_:cancelPrefetchingForRowsAt:)`).
        @preconcurrency @MainActor
        public var cancelPrefetchingForRows: ControlEvent<[IndexPath]> {
            let proxy = RxTableViewDataSourcePrefetchingProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.cancelPrefetchingCalls))
        }
    }
#endif
