import Foundation
import RxLiteTest
import Testing

@testable import RxLiteUI

@Suite(.checksResources) struct ItemModelsStateMachineTests {
    private let owner = NSObject()

    @Test func nothingIsBoundBeforeTheFirstUpdate() {
        let models = ItemModelsStateMachine<String>()
        #expect(models.count == 0)
        #expect(models.items == nil)
        #expect(throws: RxCocoaError.self) { try models.model(section: 0, item: 0, of: owner) }
    }

    @Test func showingItemsReloadsAndKeepsThem() throws {
        var models = ItemModelsStateMachine<String>()
        #expect(models.show(["a", "b"]) == .reload)
        #expect(models.count == 2)
        #expect(models.item(at: 1) == "b")
        #expect(try models.model(section: 0, item: 0, of: owner) == "a")
        // Any sequence: RxCocoa's `items` takes sequences of sequences.
        #expect(models.show(Set(["c"])) == .reload)
        #expect(Array(models.items ?? []) == ["c"])
    }

    @Test func showingNoItemsIsBoundAndEmpty() {
        var models = ItemModelsStateMachine<Int>()
        #expect(models.show([]) == .reload)
        #expect(models.items != nil)
        #expect(models.count == 0)
    }

    @Test(arguments: [(0, 2), (0, -1), (1, 0), (-1, 0)])
    func aLookupOutsideTheItemsShownThrowsItemsNotYetBound(section: Int, item: Int) {
        var models = ItemModelsStateMachine<String>()
        _ = models.show(["a", "b"])
        do {
            _ = try models.model(section: section, item: item, of: owner)
            Issue.record("expected itemsNotYetBound")
        } catch RxCocoaError.itemsNotYetBound(let object) {
            #expect(object as AnyObject === owner)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func theFirstUpdateReloadsEvenWhenItAppends() {
        var models = ItemModelsStateMachine<Int>()
        #expect(models.apply(.appending([1, 2], to: [])) == .reload)
        #expect(models.count == 2)
    }

    @Test func anAppendRightAfterTheRowsShownInsertsThem() {
        var models = ItemModelsStateMachine<Int>()
        _ = models.apply(ListUpdate(items: [1, 2]))
        #expect(models.apply(.appending([3, 4], to: [1, 2])) == .insert(2..<4))
        #expect(Array(models.items ?? []) == [1, 2, 3, 4])
    }

    @Test func anEmptyAppendChangesNothingShown() {
        var models = ItemModelsStateMachine<Int>()
        _ = models.apply(ListUpdate(items: [1, 2]))
        #expect(models.apply(.appending([], to: [1, 2])) == .none)
        #expect(models.count == 2)
    }

    @Test func anAppendThatDoesNotFollowTheRowsShownReloads() {
        var models = ItemModelsStateMachine<Int>()
        _ = models.apply(ListUpdate(items: [1]))
        // Appended after three items, but one is shown: a page was missed.
        #expect(models.apply(.appending([4], to: [1, 2, 3])) == .reload)
        #expect(Array(models.items ?? []) == [1, 2, 3, 4])
        #expect(models.apply(ListUpdate(items: [9])) == .reload)
        #expect(models.count == 1)
    }

    @Test func anArrayAfterUpdatesReloads() {
        var models = ItemModelsStateMachine<Int>()
        _ = models.apply(ListUpdate(items: [1]))
        #expect(models.show([5, 6]) == .reload)
        #expect(models.apply(.appending([7], to: [5, 6])) == .insert(2..<3))
    }
}
