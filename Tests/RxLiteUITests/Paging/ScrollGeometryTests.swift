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

    @Test func rowsOfAList() {
        // 30 rows, 10 visible: showing rows 18...27 leaves 2 below.
        #expect(ScrollGeometry(firstVisibleRow: 18, visibleRows: 10, rowCount: 30).distanceToBottom == 2)
        #expect(ScrollGeometry(firstVisibleRow: 18, visibleRows: 10, rowCount: 30).isNearBottom(threshold: 2))
        #expect(!ScrollGeometry(firstVisibleRow: 17, visibleRows: 10, rowCount: 30).isNearBottom(threshold: 2))
    }
}
