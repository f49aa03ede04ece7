#if canImport(UIKit)
    import Foundation
    import RxLite
    import UIKit

    extension UIScrollView: HasDelegate {
        /// A scroll view's delegate type (a table's and a collection's delegates refine it).
        public typealias Delegate = UIScrollViewDelegate
    }

    /// The delegate proxy of a scroll view (see ``DelegateProxyType``): `rx.contentOffset`, `rx.didScroll` and the
    /// other scroll events come from here, and every call reaches the delegate the app set as well.
    @preconcurrency @MainActor
    open class RxScrollViewDelegateProxy: DelegateProxy<UIScrollView, UIScrollViewDelegate>, DelegateProxyType,
        UIScrollViewDelegate
    {
        /// The scroll view whose delegate slot the proxy occupies.
        public private(set) weak var scrollView: UIScrollView?

        let didScrollCalls = PublishSubject<Void>()
        // The offset after each scroll, for `rx.contentOffset`.
        private let offsetCalls = PublishSubject<CGPoint>()
        let didZoomCalls = PublishSubject<Void>()
        let willBeginDraggingCalls = PublishSubject<Void>()
        let didEndDraggingCalls = PublishSubject<Bool>()
        // The velocity of each `scrollViewWillEndDragging`; its target offset is lent through the stand-in.
        let willEndDraggingCalls = PublishSubject<CGPoint>()
        let targetContentOffset = PointerStandIn(CGPoint.zero)
        let willBeginDeceleratingCalls = PublishSubject<Void>()
        let didEndDeceleratingCalls = PublishSubject<Void>()
        let didEndScrollingAnimationCalls = PublishSubject<Void>()
        let willBeginZoomingCalls = PublishSubject<UIView?>()
        let didEndZoomingCalls = PublishSubject<(view: UIView?, scale: CGFloat)>()
        let didScrollToTopCalls = PublishSubject<Void>()

        /// The scroll view's `contentOffset` on subscribe, then after each scroll.
        var contentOffsets: Observable<CGPoint> {
            events(offsetCalls) { [weak self] in self?.scrollView?.contentOffset }
        }

        /// A proxy for `scrollView`.
        public init(scrollView: ParentObject) {
            self.scrollView = scrollView
            super.init(parentObject: scrollView, delegateProxy: RxScrollViewDelegateProxy.self)
        }

        /// Registers the proxies of scroll views, tables and collection views.
        public static func registerKnownImplementations() {
            register { RxScrollViewDelegateProxy(scrollView: $0) }
            register { RxTableViewDelegateProxy(tableView: $0) }
            register { RxCollectionViewDelegateProxy(collectionView: $0) }
            register { RxTextViewDelegateProxy(textView: $0) }
        }

        // Each method tells its subject, then hands the call on. The forward delegate is read as the optional method
        // reference, so a delegate that does not implement the method is not called.

        /// Tells `rx.contentOffset` and `rx.didScroll`, then the forward delegate.
        public func scrollViewDidScroll(_ scrollView: UIScrollView) {
            offsetCalls.onNext(scrollView.contentOffset)
            didScrollCalls.onNext(())
            (forwardToDelegate()?.scrollViewDidScroll)?(scrollView)
        }

        /// Tells `rx.didZoom`, then the forward delegate.
        public func scrollViewDidZoom(_ scrollView: UIScrollView) {
            didZoomCalls.onNext(())
            (forwardToDelegate()?.scrollViewDidZoom)?(scrollView)
        }

        /// Tells `rx.willBeginDragging`, then the forward delegate.
        public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
            willBeginDraggingCalls.onNext(())
            (forwardToDelegate()?.scrollViewWillBeginDragging)?(scrollView)
        }

        /// Calls the forward delegate, then tells `rx.willEndDragging`, whose subscribers get a pointer to the
        /// proxy's own copy of the target offset (see `rx.willEndDragging`): what they write there becomes
        /// the target, after the forward delegate's, as with RxCocoa, whose subscribers run after the delegate.
        public func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint,
            targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            (forwardToDelegate()?.scrollViewWillEndDragging(_:withVelocity:targetContentOffset:))?(
                scrollView, velocity, targetContentOffset)
            self.targetContentOffset.lend(targetContentOffset) { willEndDraggingCalls.onNext(velocity) }
        }

        /// Tells `rx.didEndDragging`, then the forward delegate.
        public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            didEndDraggingCalls.onNext(decelerate)
            (forwardToDelegate()?.scrollViewDidEndDragging(_:willDecelerate:))?(scrollView, decelerate)
        }

        /// Tells `rx.willBeginDecelerating`, then the forward delegate.
        public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {
            willBeginDeceleratingCalls.onNext(())
            (forwardToDelegate()?.scrollViewWillBeginDecelerating)?(scrollView)
        }

        /// Tells `rx.didEndDecelerating`, then the forward delegate.
        public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            didEndDeceleratingCalls.onNext(())
            (forwardToDelegate()?.scrollViewDidEndDecelerating)?(scrollView)
        }

        /// Tells `rx.didEndScrollingAnimation`, then the forward delegate.
        public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
            didEndScrollingAnimationCalls.onNext(())
            (forwardToDelegate()?.scrollViewDidEndScrollingAnimation)?(scrollView)
        }

        /// Tells `rx.willBeginZooming`, then the forward delegate.
        public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {
            willBeginZoomingCalls.onNext(view)
            (forwardToDelegate()?.scrollViewWillBeginZooming(_:with:))?(scrollView, view)
        }

        /// Tells `rx.didEndZooming`, then the forward delegate.
        public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
            didEndZoomingCalls.onNext((view, scale))
            (forwardToDelegate()?.scrollViewDidEndZooming(_:with:atScale:))?(scrollView, view, scale)
        }

        /// Tells `rx.didScrollToTop`, then the forward delegate.
        public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {
            didScrollToTopCalls.onNext(())
            (forwardToDelegate()?.scrollViewDidScrollToTop)?(scrollView)
        }
    }
#endif
