/// Where a scroll view is scrolled to, in points along the scrolling axis: the numbers near-bottom detection
/// needs, without UIKit.
public struct ScrollGeometry: Sendable, Equatable {
    /// How far the content is scrolled: the content coordinate at the top of the visible area
    /// (`contentOffset.y + adjustedContentInset.top` for a `UIScrollView`).
    public var offset: Double
    /// The height of all the content.
    public var contentHeight: Double
    /// The height of the visible area (the bounds minus the content insets).
    public var visibleHeight: Double

    /// A position: `offset` scrolled into `contentHeight` of content, `visibleHeight` of it on screen.
    public init(offset: Double, contentHeight: Double, visibleHeight: Double) {
        self.offset = offset
        self.contentHeight = contentHeight
        self.visibleHeight = visibleHeight
    }

    /// How much content lies below the visible area; 0 or less when the end of the content is visible.
    public var distanceToBottom: Double { contentHeight - (offset + visibleHeight) }

    /// Whether the end of the content is visible or less than `threshold` below the visible area. Content shorter
    /// than the visible area is always near its bottom (its end is on screen), so a short first page still asks
    /// for the next one.
    public func isNearBottom(threshold: Double = 0) -> Bool {
        distanceToBottom <= max(threshold, 0)
    }
}

extension ScrollGeometry {
    /// The vertical position of a scroll view from UIKit's numbers: `contentOffset.y`, `contentSize.height`,
    /// `bounds.height` and the top and bottom of `adjustedContentInset`.
    ///
    /// The insets (a navigation bar, the home indicator) cover part of the bounds: the visible area is the bounds
    /// without them, and at rest, scrolled to the top, `contentOffset.y` is `-insetTop`, which is offset 0. Scrolled to
    /// the end, `contentOffset.y` is `contentHeight - boundsHeight + insetBottom`: the end of the content sits on the
    /// bottom inset, and ``distanceToBottom`` is 0.
    public init(
        contentOffsetY: Double, contentHeight: Double, boundsHeight: Double, insetTop: Double, insetBottom: Double
    ) {
        self.init(
            offset: contentOffsetY + insetTop, contentHeight: contentHeight,
            visibleHeight: boundsHeight - insetTop - insetBottom)
    }
}

/// For a list of rows (the terminal app, or any fixed-height row list): whether the last `threshold` rows are
/// reached when `visibleRows` rows are shown starting at row `firstVisibleRow` of `rowCount`.
extension ScrollGeometry {
    /// The position of a list of `rowCount` equal rows showing `visibleRows` from `firstVisibleRow`, in rows.
    public init(firstVisibleRow: Int, visibleRows: Int, rowCount: Int) {
        self.init(offset: Double(firstVisibleRow), contentHeight: Double(rowCount), visibleHeight: Double(visibleRows))
    }
}
