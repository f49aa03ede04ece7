// Part of the declaration-only UIKit stub (see UIKit.swift for what it is and what Linux forces).

import Foundation
import ObjectiveC

// Delegate protocols: in UIKit every requirement is `@objc optional`. Linux has no Objective-C, so the stub declares
// each requirement it needs as a plain one and, in an extension, an empty implementation, so that a conformer may
// leave it out as on iOS. Nothing may call a requirement through the protocol (on iOS that needs `?`). Nor can
// `#selector` name a requirement (the protocols cannot be `@objc` here: their methods take UIKit classes, which derive
// from Linux Foundation's Swift `NSObject`), so client code spells a delegate selector `Selector(("name:"))`.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
}

@preconcurrency @MainActor
open class UIScrollView: UIView {
    open var contentOffset: CGPoint {
        get { stub() }
        set { stub() }
    }
    open var contentSize: CGSize {
        get { stub() }
        set { stub() }
    }
    open var adjustedContentInset: UIEdgeInsets { stub() }
    open var refreshControl: UIRefreshControl? {
        get { stub() }
        set { stub() }
    }
    weak open var delegate: (any UIScrollViewDelegate)? {
        get { stub() }
        set { stub() }
    }
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { stub() }
}
