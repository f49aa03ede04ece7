#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    /// The non-generic base that UIKit calls: an Objective-C protocol is met by a non-generic class, as in RxCocoa.
    @preconcurrency @MainActor
    class CollectionViewArrayDataSourceBase: NSObject, UICollectionViewDataSource {
        /// One section: the items.
        func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            itemCount
        }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            cell(for: indexPath, in: collectionView)
        }

        /// The items shown (a subclass's).
        var itemCount: Int { 0 }

        /// The cell of an item shown.
        func cell(for indexPath: IndexPath, in collectionView: UICollectionView) -> UICollectionViewCell {
            preconditionFailure(
                "Internal inconsistency: CollectionViewArrayDataSourceBase.cell(for:in:) is not overridden")
        }
    }

    /// The data source of `collectionView.rx.items` with a cell factory or a cell identifier: one section of items,
    /// each cell made by `cellFactory`. Its bookkeeping is an ``ItemModelsStateMachine``.
    @preconcurrency @MainActor
    class RxCollectionViewReactiveArrayDataSource<Item>: CollectionViewArrayDataSourceBase,
        SectionedViewDataSourceType
    {
        typealias CellFactory = (UICollectionView, Int, Item) -> UICollectionViewCell

        private var models = ItemModelsStateMachine<Item>()
        private let cellFactory: CellFactory

        init(cellFactory: @escaping CellFactory) {
            self.cellFactory = cellFactory
        }

        override var itemCount: Int { models.count }

        func model(at indexPath: IndexPath) throws -> Any {
            try models.model(section: indexPath.section, item: indexPath.item, of: self)
        }

        override func cell(for indexPath: IndexPath, in collectionView: UICollectionView) -> UICollectionViewCell {
            cellFactory(collectionView, indexPath.item, models.item(at: indexPath.item))
        }

        /// Shows `items` in `collectionView`, reloading it.
        func show(_ items: some Sequence<Item>, in collectionView: UICollectionView) {
            _ = models.show(items)
            collectionView.reloadData()
            // As RxCocoa does: a layout may otherwise keep attributes for items that are gone.
            collectionView.collectionViewLayout.invalidateLayout()
        }
    }

    /// `rx.items` over a sequence of sequences: each element replaces the items.
    @preconcurrency @MainActor
    final class RxCollectionViewReactiveArrayDataSourceSequenceWrapper<Sequence: Swift.Sequence>:
        RxCollectionViewReactiveArrayDataSource<Sequence.Element>, RxCollectionViewDataSourceType
    {
        typealias Element = Sequence

        func collectionView(_ collectionView: UICollectionView, observedEvent: Event<Sequence>) {
            guard case .next(let items) = observedEvent else { return }
            show(items, in: collectionView)
        }
    }
#endif
