#if canImport(UIKit)
    import RxLite
    import UIKit

    /// A collection view data source that `collectionView.rx.items(dataSource:)` binds a sequence to: it receives each
    /// element of the sequence and updates the view, while it answers the view as a `UICollectionViewDataSource`.
    /// RxDataSources' sectioned data sources adopt it.
    ///
    /// Main-actor isolated, as `UICollectionViewDataSource` is (`@preconcurrency`, so Swift 5 code sees no change).
    @preconcurrency @MainActor
    public protocol RxCollectionViewDataSourceType {
        /// The type of the sequence's elements (often an array of items or of sections).
        associatedtype Element

        /// Receives an event of the bound sequence, on the main actor: an element to show in `collectionView`.
        func collectionView(_ collectionView: UICollectionView, observedEvent: Event<Element>)
    }
#endif
