#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UICollectionView: HasPrefetchDataSource {
        /// A collection view's prefetching data source type.
        public typealias PrefetchDataSource = UICollectionViewDataSourcePrefetching
    }

    /// The prefetching data-source proxy of a collection view (see ``DelegateProxyType``): `rx.prefetchItems` and
    /// `rx.cancelPrefetchingForItems` come from here, and each call reaches the prefetching data source the app set
    /// as well. With none, prefetching does nothing else.
    @preconcurrency @MainActor
    open class RxCollectionViewDataSourcePrefetchingProxy: DelegateProxy<
        UICollectionView, UICollectionViewDataSourcePrefetching
    >, DelegateProxyType, UICollectionViewDataSourcePrefetching
    {
        /// The collection view whose prefetching data source slot the proxy occupies.
        public private(set) weak var collectionView: UICollectionView?

        let prefetchCalls = PublishSubject<[IndexPath]>()
        let cancelPrefetchingCalls = PublishSubject<[IndexPath]>()

        /// A proxy for `collectionView`.
        public init(collectionView: ParentObject) {
            self.collectionView = collectionView
            super.init(parentObject: collectionView, delegateProxy: RxCollectionViewDataSourcePrefetchingProxy.self)
        }

        /// Registers the proxy of collection views.
        public static func registerKnownImplementations() {
            register { RxCollectionViewDataSourcePrefetchingProxy(collectionView: $0) }
        }

        /// Tells `rx.prefetchItems`, then the forward prefetching data source.
        public func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
            prefetchCalls.onNext(indexPaths)
            forwardToDelegate()?.collectionView(collectionView, prefetchItemsAt: indexPaths)
        }

        /// Tells `rx.cancelPrefetchingForItems`, then the forward prefetching data source.
        public func collectionView(
            _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
        ) {
            cancelPrefetchingCalls.onNext(indexPaths)
            (forwardToDelegate()?.collectionView(_:cancelPrefetchingForItemsAt:))?(collectionView, indexPaths)
        }
    }
#endif
