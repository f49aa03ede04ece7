#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    // The `items` bindings, as the table's (see UITableView+Rx.swift): each puts a data source behind the view's
    // data-source proxy (`rx.dataSource`), which keeps it alive until the binding is disposed.
    extension Reactive where Base: UICollectionView {
        /// Binds a sequence of arrays (any sequences) to the view's items, one section, each cell made by
        /// `cellFactory(collectionView, item, element)`. Every element reloads the view.
        ///
        /// ```swift
        /// numbers
        ///     .bind(to: collectionView.rx.items) { collectionView, item, number in
        ///         let indexPath = IndexPath(item: item, section: 0)
        ///         let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Number", for: indexPath)
        ///         return cell
        ///     }
        ///     .disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        public func items<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
            -> (_ cellFactory: @escaping (UICollectionView, Int, Sequence.Element) -> UICollectionViewCell)
            -> any Disposable
        where Source.Element == Sequence {
            { cellFactory in
                let dataSource = RxCollectionViewReactiveArrayDataSourceSequenceWrapper<Sequence>(
                    cellFactory: cellFactory)
                return items(dataSource: dataSource)(source)
            }
        }

        /// Binds a sequence of arrays (any sequences) to the view's items, one section, cells of `cellType` dequeued
        /// with `cellIdentifier` and set up by `configureCell(item, element, cell)`. Every element reloads the view.
        ///
        /// ```swift
        /// photos
        ///     .bind(to: collectionView.rx.items(cellIdentifier: "Photo", cellType: PhotoCell.self)) { _, photo, cell in
        ///         cell.show(photo)
        ///     }
        ///     .disposed(by: disposeBag)
        /// ```
        @preconcurrency @MainActor
        public func items<Sequence: Swift.Sequence, Cell: UICollectionViewCell, Source: ObservableType>(
            cellIdentifier: String, cellType: Cell.Type = Cell.self
        ) -> (_ source: Source) -> (_ configureCell: @escaping (Int, Sequence.Element, Cell) -> Void) -> any Disposable
        where Source.Element == Sequence {
            { source in
                { configureCell in
                    let dataSource = RxCollectionViewReactiveArrayDataSourceSequenceWrapper<Sequence> {
                        collectionView, item, element in
                        let cell = collectionView.dequeueReusableCell(
                            withReuseIdentifier: cellIdentifier, for: IndexPath(item: item, section: 0))
                        guard let typed = cell as? Cell else {
                            fatalError(
                                "The cell registered for \"\(cellIdentifier)\" is a \(type(of: cell)), not a \(Cell.self)"
                            )
                        }
                        configureCell(item, element, typed)
                        return typed
                    }
                    return items(dataSource: dataSource)(source)
                }
            }
        }

        /// Binds a sequence to the view through `dataSource`, which receives each element on the main actor
        /// (``RxCollectionViewDataSourceType/collectionView(_:observedEvent:)``) and answers the view: RxDataSources'
        /// data sources are bound this way.
        ///
        /// The binding keeps `dataSource` alive until it is disposed, and then releases it and reloads the view; when
        /// the sequence completes, the view goes on showing its last element. The data source the app set stays
        /// behind the bound one and answers every call the bound one does not implement.
        @preconcurrency @MainActor
        public func items<
            DataSource: RxCollectionViewDataSourceType & UICollectionViewDataSource, Source: ObservableType
        >(
            dataSource: DataSource
        ) -> (_ source: Source) -> any Disposable where DataSource.Element == Source.Element {
            { source in
                let proxy = RxCollectionViewDataSourceProxy.proxy(for: base)
                return proxy.bind(
                    source.asObservable(), through: dataSource, in: proxy.boundDataSource,
                    observe: { [weak collectionView = base as UICollectionView] event in
                        if let collectionView { dataSource.collectionView(collectionView, observedEvent: event) }
                    },
                    unbound: { [weak collectionView = base as UICollectionView] in collectionView?.reloadData() })
            }
        }
    }

    extension Reactive where Base: UICollectionView {
        /// A cell about to be shown or no longer shown, and its item.
        public typealias DisplayCollectionViewCellEvent = (cell: UICollectionViewCell, at: IndexPath)
        /// A supplementary view (a header, a footer) about to be shown or no longer shown, its kind and index path.
        public typealias DisplayCollectionViewSupplementaryViewEvent = (
            supplementaryView: UICollectionReusableView, elementKind: String, at: IndexPath
        )

        /// The view's data-source proxy (see ``RxCollectionViewDataSourceProxy``), installed on first use.
        @preconcurrency @MainActor
        public var dataSource: DelegateProxy<UICollectionView, UICollectionViewDataSource> {
            RxCollectionViewDataSourceProxy.proxy(for: base)
        }

        /// Makes `dataSource` the view's data source behind the proxy, until the result is disposed; it is not
        /// retained. An `items` binding's data source goes in front of it: `dataSource` answers what that one does
        /// not implement.
        @preconcurrency @MainActor
        public func setDataSource(_ dataSource: UICollectionViewDataSource) -> any Disposable {
            RxCollectionViewDataSourceProxy.installForwardDelegate(
                dataSource, retainDelegate: false, onProxyForObject: base)
        }

        /// Each item the user selects (`collectionView(_:didSelectItemAt:)`), through the view's delegate proxy: the
        /// app's own delegate still receives every call. Completes when the view goes away.
        @preconcurrency @MainActor
        public var itemSelected: ControlEvent<IndexPath> { collectionEvent(\.didSelectCalls) }

        /// Each item deselected (`collectionView(_:didDeselectItemAt:)`).
        @preconcurrency @MainActor
        public var itemDeselected: ControlEvent<IndexPath> { collectionEvent(\.didDeselectCalls) }

        /// Each item highlighted as the user touches it (`collectionView(_:didHighlightItemAt:)`).
        @preconcurrency @MainActor
        public var itemHighlighted: ControlEvent<IndexPath> { collectionEvent(\.didHighlightCalls) }

        /// Each item unhighlighted (`collectionView(_:didUnhighlightItemAt:)`).
        @preconcurrency @MainActor
        public var itemUnhighlighted: ControlEvent<IndexPath> { collectionEvent(\.didUnhighlightCalls) }

        /// Each cell about to be shown (`collectionView(_:willDisplay:forItemAt:)`).
        @preconcurrency @MainActor
        public var willDisplayCell: ControlEvent<DisplayCollectionViewCellEvent> {
            collectionEvent(\.willDisplayCellCalls)
        }

        /// Each supplementary view about to be shown
        /// (`collectionView(_:willDisplaySupplementaryView:forElementKind:at:)`).
        @preconcurrency @MainActor
        public var willDisplaySupplementaryView: ControlEvent<DisplayCollectionViewSupplementaryViewEvent> {
            collectionEvent(\.willDisplaySupplementaryViewCalls)
        }

        /// Each cell that stopped being shown (`collectionView(_:didEndDisplaying:forItemAt:)`).
        @preconcurrency @MainActor
        public var didEndDisplayingCell: ControlEvent<DisplayCollectionViewCellEvent> {
            collectionEvent(\.didEndDisplayingCellCalls)
        }

        /// Each supplementary view that stopped being shown
        /// (`collectionView(_:didEndDisplayingSupplementaryView:forElementOfKind:at:)`).
        @preconcurrency @MainActor
        public var didEndDisplayingSupplementaryView: ControlEvent<DisplayCollectionViewSupplementaryViewEvent> {
            collectionEvent(\.didEndDisplayingSupplementaryViewCalls)
        }

        /// Each item the user moves (`collectionView(_:moveItemAt:to:)`), through the view's data-source proxy. While
        /// subscribed, the proxy tells the view its data source moves items. (RxLite's; RxCocoa has it for tables
        /// only.)
        @preconcurrency @MainActor
        public var itemMoved: ControlEvent<ItemMovedEvent> {
            let proxy = RxCollectionViewDataSourceProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.moveCalls))
        }

        /// Each focus change (`collectionView(_:didUpdateFocusIn:with:)`), with the context and the animation
        /// coordinator UIKit passes.
        @preconcurrency @MainActor
        public var didUpdateFocusInContextWithAnimationCoordinator:
            ControlEvent<
                (context: UICollectionViewFocusUpdateContext, animationCoordinator: UIFocusAnimationCoordinator)
            >
        { collectionEvent(\.didUpdateFocusCalls) }

        /// The model of each item the user selects, read from the bound data source (see `model(at:)`); fails with
        /// the error `model(at:)` throws.
        @preconcurrency @MainActor
        public func modelSelected<T>(_ modelType: T.Type) -> ControlEvent<T> { models(of: itemSelected) }

        /// The model of each item deselected, read from the bound data source.
        @preconcurrency @MainActor
        public func modelDeselected<T>(_ modelType: T.Type) -> ControlEvent<T> { models(of: itemDeselected) }

        /// The model the view's data source shows at `indexPath`: the data source of the `items` binding in force (or
        /// the view's own data source), which must adopt ``SectionedViewDataSourceType``, as every `rx.items`
        /// binding's does. Throws ``RxCocoaError/itemsNotYetBound(object:)`` when no such data source or item is
        /// bound, and ``RxCocoaError/castingError(object:targetType:)`` when the model is not a `T`.
        @preconcurrency @MainActor
        public func model<T>(at indexPath: IndexPath) throws -> T {
            var dataSource = base.dataSource
            if let proxy = dataSource as? RxCollectionViewDataSourceProxy { dataSource = proxy.forwardToDelegate() }
            return try sectionedModel(at: indexPath, of: dataSource, in: base)
        }

        @preconcurrency @MainActor
        private func collectionEvent<Element: Sendable>(
            _ calls: KeyPath<RxCollectionViewDelegateProxy, PublishSubject<Element>>
        ) -> ControlEvent<Element> {
            let proxy = RxCollectionViewDelegateProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy[keyPath: calls]))
        }

        @preconcurrency @MainActor
        private func models<T>(of items: ControlEvent<IndexPath>) -> ControlEvent<T> {
            ControlEvent(
                events: RxLiteUI.models(at: items.asObservable()) {
                    [weak collectionView = base as UICollectionView] in
                    try collectionView?.rx.model(at: $0)
                })
        }
    }

    extension Reactive where Base: UICollectionView {
        /// The view's prefetching data-source proxy (see ``RxCollectionViewDataSourcePrefetchingProxy``), installed
        /// on first use.
        @preconcurrency @MainActor
        public var prefetchDataSource: DelegateProxy<UICollectionView, UICollectionViewDataSourcePrefetching> {
            RxCollectionViewDataSourcePrefetchingProxy.proxy(for: base)
        }

        /// Makes `prefetchDataSource` the view's prefetching data source behind the proxy, until the result is
        /// disposed; it is not retained.
        @preconcurrency @MainActor
        public func setPrefetchDataSource(_ prefetchDataSource: UICollectionViewDataSourcePrefetching)
            -> any Disposable
        {
            RxCollectionViewDataSourcePrefetchingProxy.installForwardDelegate(
                prefetchDataSource, retainDelegate: false, onProxyForObject: base)
        }

        /// The items the view will soon show, each time it asks to prefetch them
        /// (`collectionView(_:prefetchItemsAt:)`).
        @preconcurrency @MainActor
        public var prefetchItems: ControlEvent<[IndexPath]> {
            let proxy = RxCollectionViewDataSourcePrefetchingProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.prefetchCalls))
        }

        /// The items the view no longer needs prefetched (`collectionView(_:cancelPrefetchingForItemsAt:)`).
        @preconcurrency @MainActor
        public var cancelPrefetchingForItems: ControlEvent<[IndexPath]> {
            let proxy = RxCollectionViewDataSourcePrefetchingProxy.proxy(for: base)
            return ControlEvent(events: proxy.events(proxy.cancelPrefetchingCalls))
        }
    }
#endif
