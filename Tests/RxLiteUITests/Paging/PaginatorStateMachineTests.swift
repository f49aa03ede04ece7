import RxLiteTest
import Testing

@testable import RxLiteUI

@Suite(.checksResources) struct PaginatorStateMachineTests {
    @Test func aStaleAnswerIsDropped() throws {
        var machine = PaginatorStateMachine<String>(pageSize: 10)
        guard case .reset(let first?) = machine.setQuery("a") else {
            Issue.record("no fetch for a")
            return
        }
        _ = machine.setQuery("b")
        let staleLoaded = machine.pageLoaded(generation: first.generation, itemCount: 10, totalCount: 99, hasMore: nil)
        let staleFailed = machine.pageFailed(generation: first.generation, error: CancellationError())
        #expect(!staleLoaded && !staleFailed)
        #expect(machine.loadedPages == 0)
        #expect(machine.isLoading)
        let current = machine.generation
        let loaded = machine.pageLoaded(generation: current, itemCount: 10, totalCount: 99, hasMore: nil)
        #expect(loaded)
        #expect(machine.loadedPages == 1)
    }

    @Test func anAnswerWhenNothingIsLoadingIsDropped() {
        var machine = PaginatorStateMachine<String>(pageSize: 10)
        _ = machine.setQuery("a")
        let generation = machine.generation
        let first = machine.pageLoaded(generation: generation, itemCount: 10, totalCount: nil, hasMore: nil)
        let second = machine.pageLoaded(generation: generation, itemCount: 10, totalCount: nil, hasMore: nil)
        #expect(first && !second)
        #expect(machine.loadedPages == 1)
    }

    @Test func aHugeTotalDoesNotOverflow() {
        var machine = PaginatorStateMachine<String>(pageSize: Int.max / 2)
        _ = machine.setQuery("a")
        let generation = machine.generation
        _ = machine.pageLoaded(generation: generation, itemCount: Int.max / 2, totalCount: Int.max, hasMore: nil)
        #expect(machine.hasMore)
    }
}
