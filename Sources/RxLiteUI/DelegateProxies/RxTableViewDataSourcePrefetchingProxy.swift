#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UITableView: HasPrefetchDataSource {
        /// A table's prefetching data source type.
        public typealias PrefetchDataSource = UITableViewDataSourcePrefetching
    }

    /// The prefetching data-source proxy of a table view (see ``DelegateProxyType``): `rx.prefetchRows` and
    /// `rx.cancelPrefetchingForRows` come from here, and each call reaches the prefetching data source the app set
    /// as well. With none, prefetching does nothing else.
    @preconcurrency @MainActor
    open class RxTableViewDataSourcePrefetchingProxy: DelegateProxy<UITableView, UITableViewDataSourcePrefetching>,
        DelegateProxyType, UITableViewDataSourcePrefetching
    {
        /// The table whose prefetching data source slot the proxy occupies.
        public private(set) weak var tableView: UITableView?

        let prefetchCalls = PublishSubject<[IndexPath]>()
        let cancelPrefetchingCalls = PublishSubject<[IndexPath]>()

        /// A proxy for `tableView`.
        public init(tableView: ParentObject) {
            self.tableView = tableView
            super.init(parentObject: tableView, delegateProxy: RxTableViewDataSourcePrefetchingProxy.self)
        }

        /// Registers the proxy of tables.
        public static func registerKnownImplementations() {
            register { RxTableViewDataSourcePrefetchingProxy(tableView: $0) }
        }

        /// Tells `rx.prefetchRows`, then the forward prefetching data source.
        public func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
            prefetchCalls.onNext(indexPaths)
            forwardToDelegate()?.tableView(tableView, prefetchRowsAt: indexPaths)
        }

        /// Tells `rx.cancelPrefetchingForRows`, then the forward prefetching data source.
        public func tableView(_ tableView: UITableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
            cancelPrefetchingCalls.onNext(indexPaths)
            (forwardToDelegate()?.tableView(_:cancelPrefetchingForRowsAt:))?(tableView, indexPaths)
        }
    }
#endif
