#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    /// The delegate proxy of a table view: a scroll view's proxy that also turns row selection, highlighting,
    /// accessory taps and cell display into sequences (`rx.itemSelected` and the rest), handing each call on to the
    /// app's delegate.
    @preconcurrency @MainActor
    open class RxTableViewDelegateProxy: RxScrollViewDelegateProxy, UITableViewDelegate {
        /// The table whose delegate slot the proxy occupies.
        public private(set) weak var tableView: UITableView?

        let didSelectCalls = PublishSubject<IndexPath>()
        let didDeselectCalls = PublishSubject<IndexPath>()
        let accessoryButtonTappedCalls = PublishSubject<IndexPath>()
        let didHighlightCalls = PublishSubject<IndexPath>()
        let didUnhighlightCalls = PublishSubject<IndexPath>()
        let willDisplayCalls = PublishSubject<(cell: UITableViewCell, indexPath: IndexPath)>()
        let didEndDisplayingCalls = PublishSubject<(cell: UITableViewCell, indexPath: IndexPath)>()

        /// A proxy for `tableView`.
        public init(tableView: UITableView) {
            self.tableView = tableView
            super.init(scrollView: tableView)
        }

        /// The forward delegate as a table's delegate.
        private var tableDelegate: UITableViewDelegate? { forwardToDelegate() as? UITableViewDelegate }

        /// Tells `rx.itemSelected` and `rx.modelSelected`, then the forward delegate.
        public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            didSelectCalls.onNext(indexPath)
            (tableDelegate?.tableView(_:didSelectRowAt:))?(tableView, indexPath)
        }

        /// Tells `rx.itemDeselected` and `rx.modelDeselected`, then the forward delegate.
        public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
            didDeselectCalls.onNext(indexPath)
            (tableDelegate?.tableView(_:didDeselectRowAt:))?(tableView, indexPath)
        }

        /// Tells `rx.itemAccessoryButtonTapped`, then the forward delegate.
        public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {
            accessoryButtonTappedCalls.onNext(indexPath)
            (tableDelegate?.tableView(_:accessoryButtonTappedForRowWith:))?(tableView, indexPath)
        }

        /// Tells `rx.itemHighlighted`, then the forward delegate.
        public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
            didHighlightCalls.onNext(indexPath)
            (tableDelegate?.tableView(_:didHighlightRowAt:))?(tableView, indexPath)
        }

        /// Tells `rx.itemUnhighlighted`, then the forward delegate.
        public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
            didUnhighlightCalls.onNext(indexPath)
            (tableDelegate?.tableView(_:didUnhighlightRowAt:))?(tableView, indexPath)
        }

        /// Tells `rx.willDisplayCell`, then the forward delegate.
        public func tableView(
            _ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath
        ) {
            willDisplayCalls.onNext((cell, indexPath))
            (tableDelegate?.tableView(_:willDisplay:forRowAt:))?(tableView, cell, indexPath)
        }

        /// Tells `rx.didEndDisplayingCell`, then the forward delegate.
        public func tableView(
            _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
        ) {
            didEndDisplayingCalls.onNext((cell, indexPath))
            (tableDelegate?.tableView(_:didEndDisplaying:forRowAt:))?(tableView, cell, indexPath)
        }
    }
#endif
