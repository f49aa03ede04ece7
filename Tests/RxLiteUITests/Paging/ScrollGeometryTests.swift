import RxLiteTest
import RxLiteUI
import Testing

@Suite(.checksResources) struct ScrollGeometryTests {
    @Test(arguments: [
        // offset, content, visible, threshold, near
        (0.0, 1_000.0, 400.0, 100.0, false),
        (499.0, 1_000.0, 400.0, 100.0, false),
        (500.0, 1_000.0, 400.0, 100.0, true),  // 100 below the visible area: at the threshold
        (600.0, 1_000.0, 400.0, 0.0, true),  // the end is visible
        (700.0, 1_000.0, 400.0, 0.0, true),  // bounced past the end
        (0.0, 300.0, 400.0, 0.0, true),  // content shorter than the view
        (0.0, 0.0, 400.0, 0.0, true),  // no content
        (0.0, 1_000.0, 400.0, -50.0, false),  // a negative threshold counts as 0
    ])
    func nearBottom(offset: Double, content: Double, visible: Double, threshold: Double, near: Bool) {
        let geometry = ScrollGeometry(offset: offset, contentHeight: content, visibleHeight: visible)
        #expect(geometry.isNearBottom(threshold: threshold) == near)
    }

    // A table under a 100-point navigation bar, above a 34-point home indicator: bounds 800 high, so 666 visible;
    // 2,000 points of content.
    @Test(arguments: [
        // contentOffset.y, near (threshold 200)
        (-100.0, false),  // at rest at the top: offset 0
        (1_033.0, false),  // 201 points of content below the visible area
        (1_034.0, true),  // 200 below: at the threshold
        (1_234.0, true),  // scrolled to the end: the content ends on the bottom inset
        (1_300.0, true),  // bounced past the end
    ])
    func nearBottomUnderInsets(contentOffsetY: Double, near: Bool) {
        let geometry = ScrollGeometry(
            contentOffsetY: contentOffsetY, contentHeight: 2_000, boundsHeight: 800, insetTop: 100, insetBottom: 34)
        #expect(geometry.visibleHeight == 666)
        #expect(geometry.offset == contentOffsetY + 100)
        #expect(geometry.isNearBottom(threshold: 200) == near)
    }

    @Test func scrolledToTheEndUnderInsetsIsAtTheBottom() {
        let geometry = ScrollGeometry(
            contentOffsetY: 2_000 - 800 + 34, contentHeight: 2_000, boundsHeight: 800, insetTop: 100, insetBottom: 34)
        #expect(geometry.distanceToBottom == 0)
    }

    @Test func contentGrowingAfterAPageMovesTheBottomAway() {
        // reachedBottom also re-checks when contentSize changes: at the end of 1,000 points, a page of 600 more
        // moves the bottom 600 away (no trigger), a short page of 100 keeps it within the threshold (trigger).
        let atEnd = ScrollGeometry(
            contentOffsetY: 1_000 - 800 + 34, contentHeight: 1_000, boundsHeight: 800, insetTop: 100, insetBottom: 34)
        #expect(atEnd.isNearBottom(threshold: 200))
        var longPage = atEnd
        longPage.contentHeight += 600
        #expect(!longPage.isNearBottom(threshold: 200))
        var shortPage = atEnd
        shortPage.contentHeight += 100
        #expect(shortPage.isNearBottom(threshold: 200))
    }

    @Test func rowsOfAList() {
        // 30 rows, 10 visible: showing rows 18...27 leaves 2 below.
        #expect(ScrollGeometry(firstVisibleRow: 18, visibleRows: 10, rowCount: 30).distanceToBottom == 2)
        #expect(ScrollGeometry(firstVisibleRow: 18, visibleRows: 10, rowCount: 30).isNearBottom(threshold: 2))
        #expect(!ScrollGeometry(firstVisibleRow: 17, visibleRows: 10, rowCount: 30).isNearBottom(threshold: 2))
    }
}
