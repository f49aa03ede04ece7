#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    /// The delegate proxy of a collection view: a scroll view's proxy that also turns item selection, highlighting,
    /// display and focus into sequences (`rx.itemSelected` and the rest), handing each call on to the app's
    /// delegate. Every other call, the flow layout's sizes among them, reaches the app's delegate directly.
    @preconcurrency @MainActor
    open class RxCollectionViewDelegateProxy: RxScrollViewDelegateProxy, UICollectionViewDelegateFlowLayout {
        /// The collection view whose delegate slot the proxy occupies.
        public private(set) weak var collectionView: UICollectionView?

        let didSelectCalls = PublishSubject<IndexPath>()
        let didDeselectCalls = PublishSubject<IndexPath>()
        let didHighlightCalls = PublishSubject<IndexPath>()
        let didUnhighlightCalls = PublishSubject<IndexPath>()
        let willDisplayCellCalls = PublishSubject<(cell: UICollectionViewCell, at: IndexPath)>()
        let didEndDisplayingCellCalls = PublishSubject<(cell: UICollectionViewCell, at: IndexPath)>()
        let willDisplaySupplementaryViewCalls = PublishSubject<
            (supplementaryView: UICollectionReusableView, elementKind: String, at: IndexPath)
        >()
        let didEndDisplayingSupplementaryViewCalls = PublishSubject<
            (supplementaryView: UICollectionReusableView, elementKind: String, at: IndexPath)
        >()
        let didUpdateFocusCalls = PublishSubject<
            (context: UICollectionViewFocusUpdateContext, animationCoordinator: UIFocusAnimationCoordinator)
        >()

        /// A proxy for `collectionView`.
        public init(collectionView: UICollectionView) {
            self.collectionView = collectionView
            super.init(scrollView: collectionView)
        }

        /// The forward delegate as a collection view's delegate.
        private var collectionDelegate: UICollectionViewDelegate? { forwardToDelegate() as? UICollectionViewDelegate }

        /// Tells `rx.itemSelected` and `rx.modelSelected`, then the forward delegate.
        public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            didSelectCalls.onNext(indexPath)
            (collectionDelegate?.collectionView(_:didSelectItemAt:))?(collectionView, indexPath)
        }

        /// Tells `rx.itemDeselected` and `rx.modelDeselected`, then the forward delegate.
        public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
            didDeselectCalls.onNext(indexPath)
            (collectionDelegate?.collectionView(_:didDeselectItemAt:))?(collectionView, indexPath)
        }

        /// Tells `rx.itemHighlighted`, then the forward delegate.
        public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
            didHighlightCalls.onNext(indexPath)
            (collectionDelegate?.collectionView(_:didHighlightItemAt:))?(collectionView, indexPath)
        }

        /// Tells `rx.itemUnhighlighted`, then the forward delegate.
        public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
            didUnhighlightCalls.onNext(indexPath)
            (collectionDelegate?.collectionView(_:didUnhighlightItemAt:))?(collectionView, indexPath)
        }

        /// Tells `rx.willDisplayCell`, then the forward delegate.
        public func collectionView(
            _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath
        ) {
            willDisplayCellCalls.onNext((cell, indexPath))
            (collectionDelegate?.collectionView(_:willDisplay:forItemAt:))?(collectionView, cell, indexPath)
        }

        /// Tells `rx.willDisplaySupplementaryView`, then the forward delegate.
        public func collectionView(
            _ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
            forElementKind elementKind: String, at indexPath: IndexPath
        ) {
            willDisplaySupplementaryViewCalls.onNext((view, elementKind, indexPath))
            (collectionDelegate?.collectionView(_:willDisplaySupplementaryView:forElementKind:at:))?(
                collectionView, view, elementKind, indexPath)
        }

        /// Tells `rx.didEndDisplayingCell`, then the forward delegate.
        public func collectionView(
            _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
            forItemAt indexPath: IndexPath
        ) {
            didEndDisplayingCellCalls.onNext((cell, indexPath))
            (collectionDelegate?.collectionView(_:didEndDisplaying:forItemAt:))?(collectionView, cell, indexPath)
        }

        /// Tells `rx.didEndDisplayingSupplementaryView`, then the forward delegate.
        public func collectionView(
            _ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
            forElementOfKind elementKind: String, at indexPath: IndexPath
        ) {
            didEndDisplayingSupplementaryViewCalls.onNext((view, elementKind, indexPath))
            (collectionDelegate?.collectionView(_:didEndDisplayingSupplementaryView:forElementOfKind:at:))?(
                collectionView, view, elementKind, indexPath)
        }

        /// Tells `rx.didUpdateFocusInContextWithAnimationCoordinator`, then the forward delegate.
        public func collectionView(
            _ collectionView: UICollectionView, didUpdateFocusIn context: UICollectionViewFocusUpdateContext,
            with coordinator: UIFocusAnimationCoordinator
        ) {
            didUpdateFocusCalls.onNext((context, coordinator))
            (collectionDelegate?.collectionView(_:didUpdateFocusIn:with:))?(collectionView, context, coordinator)
        }
    }
#endif
