import RxLiteTest
import RxLiteUI
import Testing

@Suite(.checksResources) struct PagedItemsTests {
    @Test(arguments: [0, 1, 15, 16, 17, 47, 48, 49, 1_000, 5_000])
    func aSnapshotHoldsTheItemsInOrderAcrossChunks(count: Int) {
        let list = AppendOnlyList<Int>()
        list.append(contentsOf: 0..<count)
        let snapshot = list.snapshot
        #expect(snapshot.count == count)
        #expect(Array(snapshot) == Array(0..<count))
        #expect(snapshot.indices == 0..<count)
    }

    @Test func aSnapshotNeverChangesWhileTheListGrows() {
        let list = AppendOnlyList<String>()
        list.append(contentsOf: ["a", "b"])
        let before = list.snapshot
        list.append(contentsOf: (0..<1_000).map(String.init))
        #expect(Array(before) == ["a", "b"])
        #expect(list.snapshot.count == 1_002)
        #expect(list.snapshot.sharesStorage(with: before))
    }

    /// Items are never copied or moved: a class item's identity and a counter of deinitializations show that the
    /// first item stays the one object, and that no item is released while the list lives.
    @Test func appendingCopiesNoStoredItem() {
        final class Item {
            nonisolated(unsafe) static var released = 0
            deinit { Item.released += 1 }
        }
        Item.released = 0
        do {
            let list = AppendOnlyList<Item>()
            let first = Item()
            list.append(first)
            var snapshots = [list.snapshot]
            for _ in 0..<100 {
                list.append(contentsOf: (0..<10).map { _ in Item() })
                snapshots.append(list.snapshot)
            }
            #expect(snapshots.allSatisfy { $0[0] === first })
            #expect(snapshots.allSatisfy { $0.sharesStorage(with: snapshots[0]) })
            #expect(Item.released == 0)
        }
        #expect(Item.released == 1_001)
    }

    @Test func equalityAndLiterals() {
        let items: PagedItems = [1, 2, 3]
        #expect(items == PagedItems([1, 2, 3]))
        #expect(items != [1, 2])
        #expect(PagedItems<Int>() == [])
        #expect(items.description == "[1, 2, 3]")
    }
}
