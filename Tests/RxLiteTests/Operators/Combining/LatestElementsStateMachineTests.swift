import Testing

@testable import RxLite

/// `combineLatest`'s machine and the block that holds its latest elements.
@Suite(.checksResources)
struct LatestElementsStateMachineTests {
    @Test func anOutputIsDueOnceEverySourceHasAnElement() {
        var machine = LatestElementsStateMachine(arity: 2)
        var replacing = true
        let first = machine.sourceNext(index: 0, replacing: &replacing)
        #expect(first == .none && !replacing)
        let again = machine.sourceNext(index: 0, replacing: &replacing)
        #expect(again == .none && replacing, "a second element replaces the first")
        let second = machine.sourceNext(index: 1, replacing: &replacing)
        #expect(second == .next && !replacing)
    }

    @Test func itCompletesWhenTheOthersEndedAndOneNeverSentAnElement() {
        var machine = LatestElementsStateMachine(arity: 2)
        let ended = machine.sourceCompleted(index: 1)
        #expect(!ended)
        var replacing = false
        let step = machine.sourceNext(index: 0, replacing: &replacing)
        #expect(step == .complete, "source 1 ended without an element: nothing can ever come")
        let allEnded = machine.sourceCompleted(index: 0)
        #expect(allEnded)
    }

    @Test func theBlockHoldsEachSourcesElementAsItsOwnType() {
        var layout = LatestElementsLayout()
        let stringOffset = layout.place(String.self)
        let byteOffset = layout.place(UInt8.self)
        let intOffset = layout.place(Int.self)
        let emitter = SerializedEmitter<Int, Int>.make(sink: ClosureSink { _ in }, state: 0, block: layout)
        let block = emitter.latestElements(layout)
        block.store("a", at: stringOffset, replacing: false)
        block.store(UInt8(7), at: byteOffset, replacing: false)
        block.store(42, at: intOffset, replacing: false)
        block.store("b", at: stringOffset, replacing: true)
        #expect(block.element(at: stringOffset, as: String.self) == "b")
        #expect(block.element(at: byteOffset, as: UInt8.self) == 7)
        #expect(block.element(at: intOffset, as: Int.self) == 42)
        #expect(intOffset % MemoryLayout<Int>.alignment == 0, "each slot is aligned for its type")
        block.deinitialize(at: stringOffset, as: String.self)
        block.deinitialize(at: byteOffset, as: UInt8.self)
        block.deinitialize(at: intOffset, as: Int.self)
        block.checkEmpty()
    }
}
