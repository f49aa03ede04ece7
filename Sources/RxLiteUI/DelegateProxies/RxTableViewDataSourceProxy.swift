#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UITableView: HasDataSource {
        /// A table's data source type.
        public typealias DataSource = UITableViewDataSource
    }

    /// The data-source proxy of a table view (see ``DelegateProxyType``): `rx.items` bindings put their data source
    /// here, and `rx.itemDeleted`, `rx.itemInserted` and `rx.itemMoved` come from here.
    ///
    /// Each call goes to the data source of the `items` binding in force when it implements it, otherwise to the data
    /// source the app set (`tableView.dataSource`, or `rx.setDataSource(_:)`), so the app's data source keeps
    /// every call the bound one does not implement (section titles, editing rules). With neither, the table has no
    /// rows: the proxy answers 0 rows in each section, as RxCocoa's does.
    ///
    /// The proxy implements `tableView(_:commit:forRowAt:)` and `tableView(_:moveRowAt:to:)` to observe them, but
    /// tells UIKit it does (which turns on swipe to delete and reordering) only while something observes them or a
    /// data source behind it implements them.
    @preconcurrency @MainActor
    open class RxTableViewDataSourceProxy: DelegateProxy<UITableView, UITableViewDataSource>, DelegateProxyType,
        UITableViewDataSource
    {
        /// The table whose data source slot the proxy occupies.
        public private(set) weak var tableView: UITableView?

        /// The data source of the `items` binding in force.
        let boundDataSource = BoundDataSourceSlot()
        let commitCalls = ObservedCall<(editingStyle: UITableViewCell.EditingStyle, indexPath: IndexPath)>()
        let moveCalls = ObservedCall<ItemMovedEvent>()

        /// A proxy for `tableView`.
        public init(tableView: UITableView) {
            self.tableView = tableView
            super.init(parentObject: tableView, delegateProxy: RxTableViewDataSourceProxy.self)
        }

        /// Registers the proxy of tables.
        public static func registerKnownImplementations() {
            register { RxTableViewDataSourceProxy(tableView: $0) }
        }

        /// The data source of the `items` binding in force, otherwise the data source the app set.
        open override func forwardToDelegate() -> UITableViewDataSource? {
            boundTableDataSource ?? super.forwardToDelegate()
        }

        private var boundTableDataSource: UITableViewDataSource? {
            boundDataSource.dataSource as? UITableViewDataSource
        }

        /// The rows of `section` as the bound data source (or the app's) counts them; 0 with neither.
        public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
            forwardToDelegate()?.tableView(tableView, numberOfRowsInSection: section) ?? 0
        }

        /// The cell the bound data source (or the app's) makes; with neither the table has no rows to ask about.
        public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            guard let dataSource = forwardToDelegate() else {
                fatalError("RxTableViewDataSourceProxy: a cell was asked for with no data source bound or set")
            }
            return dataSource.tableView(tableView, cellForRowAt: indexPath)
        }

        /// Tells `rx.itemInserted`, `rx.itemDeleted` and `rx.modelDeleted`, then the bound data source or the app's.
        public func tableView(
            _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
        ) {
            commitCalls.calls.onNext((editingStyle, indexPath))
            if let commit = boundTableDataSource?.tableView(_:commit:forRowAt:) {
                commit(tableView, editingStyle, indexPath)
            } else {
                (super.forwardToDelegate()?.tableView(_:commit:forRowAt:))?(tableView, editingStyle, indexPath)
            }
        }

        /// Tells `rx.itemMoved`, then the bound data source or the app's.
        public func tableView(
            _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
        ) {
            moveCalls.calls.onNext((sourceIndexPath, destinationIndexPath))
            if let move = boundTableDataSource?.tableView(_:moveRowAt:to:) {
                move(tableView, sourceIndexPath, destinationIndexPath)
            } else {
                (super.forwardToDelegate()?.tableView(_:moveRowAt:to:))?(
                    tableView, sourceIndexPath, destinationIndexPath)
            }
        }

        #if canImport(ObjectiveC)
            // Named as UIKit's Objective-C protocol names them: `#selector` cannot name an optional requirement
            // portably. Computed: the runtime keeps one selector per name.
            private nonisolated static var commitSelector: Selector {
                Selector(("tableView:commitEditingStyle:forRowAtIndexPath:"))
            }
            private nonisolated static var moveSelector: Selector {
                Selector(("tableView:moveRowAtIndexPath:toIndexPath:"))
            }

            /// Whether the proxy, the bound data source or the app's implements `aSelector`; the calls the proxy
            /// only observes count while observed (see the type's documentation).
            open override func responds(to aSelector: Selector!) -> Bool {
                boundDataSource.responds(
                    to: aSelector,
                    observedCalls: [
                        (Self.commitSelector, commitCalls.isObserved), (Self.moveSelector, moveCalls.isObserved),
                    ],
                    forward: forwardObject, answeredByProxyOrForward: super.responds(to: aSelector))
            }

            /// The bound data source, else the app's, for a message the proxy does not implement.
            open override func forwardingTarget(for aSelector: Selector!) -> Any? {
                boundDataSource.answerer(forward: forwardObject, for: aSelector)
            }
        #endif
    }
#endif
