#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UICollectionView: HasDataSource {
        /// A collection view's data source type.
        public typealias DataSource = UICollectionViewDataSource
    }

    /// The data-source proxy of a collection view (see ``DelegateProxyType``): `rx.items` bindings put their data
    /// source here, and `rx.itemMoved` comes from here.
    ///
    /// Each call goes to the data source of the `items` binding in force when it implements it, otherwise to the data
    /// source the app set (`collectionView.dataSource`, or `rx.setDataSource(_:)`), so the app's data source
    /// keeps every call the bound one does not implement (supplementary views, for one). With neither, the view has
    /// no items: the proxy answers 0 items in each section, as RxCocoa's does.
    ///
    /// The proxy implements `collectionView(_:moveItemAt:to:)` to observe it, but tells UIKit it does (which lets
    /// items be moved) only while something observes it or a data source behind it implements it.
    @preconcurrency @MainActor
    open class RxCollectionViewDataSourceProxy: DelegateProxy<UICollectionView, UICollectionViewDataSource>,
        DelegateProxyType, UICollectionViewDataSource
    {
        /// The collection view whose data source slot the proxy occupies.
        public private(set) weak var collectionView: UICollectionView?

        /// The data source of the `items` binding in force.
        let boundDataSource = BoundDataSourceSlot()
        let moveCalls = ObservedCall<ItemMovedEvent>()

        /// A proxy for `collectionView`.
        public init(collectionView: ParentObject) {
            self.collectionView = collectionView
            super.init(parentObject: collectionView, delegateProxy: RxCollectionViewDataSourceProxy.self)
        }

        /// Registers the proxy of collection views.
        public static func registerKnownImplementations() {
            register { RxCollectionViewDataSourceProxy(collectionView: $0) }
        }

        /// The data source of the `items` binding in force, otherwise the data source the app set.
        open override func forwardToDelegate() -> UICollectionViewDataSource? {
            boundCollectionDataSource ?? super.forwardToDelegate()
        }

        private var boundCollectionDataSource: UICollectionViewDataSource? {
            boundDataSource.dataSource as? UICollectionViewDataSource
        }

        /// The items of `section` as the bound data source (or the app's) counts them; 0 with neither.
        public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            forwardToDelegate()?.collectionView(collectionView, numberOfItemsInSection: section) ?? 0
        }

        /// The cell the bound data source (or the app's) makes; with neither the view has no items to ask about.
        public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            guard let dataSource = forwardToDelegate() else {
                fatalError("RxCollectionViewDataSourceProxy: a cell was asked for with no data source bound or set")
            }
            return dataSource.collectionView(collectionView, cellForItemAt: indexPath)
        }

        /// Tells `rx.itemMoved`, then the bound data source or the app's.
        public func collectionView(
            _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
            to destinationIndexPath: IndexPath
        ) {
            moveCalls.calls.onNext((sourceIndexPath, destinationIndexPath))
            if let move = boundCollectionDataSource?.collectionView(_:moveItemAt:to:) {
                move(collectionView, sourceIndexPath, destinationIndexPath)
            } else {
                (super.forwardToDelegate()?.collectionView(_:moveItemAt:to:))?(
                    collectionView, sourceIndexPath, destinationIndexPath)
            }
        }

        #if canImport(ObjectiveC)
            // Named as UIKit's Objective-C protocol names it (see RxTableViewDataSourceProxy).
            private nonisolated static var moveSelector: Selector {
                Selector(("collectionView:moveItemAtIndexPath:toIndexPath:"))
            }

            /// Whether the proxy, the bound data source or the app's implements `aSelector`; moving items counts
            /// while observed (see the type's documentation).
            open override func responds(to aSelector: Selector!) -> Bool {
                boundDataSource.responds(
                    to: aSelector, observedCalls: [(Self.moveSelector, moveCalls.isObserved)],
                    forward: forwardObject, answeredByProxyOrForward: super.responds(to: aSelector))
            }

            /// The bound data source, else the app's, for a message the proxy does not implement.
            open override func forwardingTarget(for aSelector: Selector!) -> Any? {
                boundDataSource.answerer(forward: forwardObject, for: aSelector)
            }
        #endif
    }
#endif
