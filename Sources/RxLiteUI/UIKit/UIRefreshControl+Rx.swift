#if canImport(UIKit)
    import RxLite
    import UIKit

    extension Reactive where Base: UIRefreshControl {
        /// Shows the refresh spinner on `true` (`beginRefreshing()`) and hides it on `false` (`endRefreshing()`), as
        /// RxCocoa's binder does: `viewModel.isLoading.drive(refreshControl.rx.isRefreshing)`. The user's pull is
        /// read with `refreshControl.rx.controlEvent(.valueChanged)`.
        @preconcurrency @MainActor
        public var isRefreshing: Binder<Bool> {
            Binder(base) { refreshControl, isRefreshing in
                if isRefreshing {
                    refreshControl.beginRefreshing()
                } else {
                    refreshControl.endRefreshing()
                }
            }
        }
    }
#endif
