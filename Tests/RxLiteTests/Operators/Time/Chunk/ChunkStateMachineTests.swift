import Foundation
import Testing

@testable import RxLite

/// The chunking of `buffer` and `window`, driven directly with dates.
@Suite(.checksResources)
struct ChunkStateMachineTests {
    func at(_ seconds: TimeInterval) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

    @Test func aChunkEndsByCountAndTheNextStartsThen() {
        var machine = ChunkStateMachine(timeSpan: 10, count: 3, startedAt: at(0))
        let filled = machine.next(now: at(1))
        #expect(!filled)
        let filled2 = machine.next(now: at(2))
        #expect(!filled2)
        let filled3 = machine.next(now: at(3))
        #expect(filled3)
        // The next chunk started at 3 and ends at 13: the timer armed for 10 fires early and is re-armed.
        guard case .armTimer(let rest) = machine.timerFired(now: at(10)) else {
            Issue.record("the chunk cut by count moved the end")
            return
        }
        #expect(rest == 3)
        guard case .closeChunk(let next) = machine.timerFired(now: at(13)) else {
            Issue.record("the chunk's time is up")
            return
        }
        #expect(next == 10)
    }

    @Test func aChunkEndsByTimeWithFewerElementsAndCountStartsAgain() {
        var machine = ChunkStateMachine(timeSpan: 5, count: 2, startedAt: at(0))
        let filled = machine.next(now: at(1))
        #expect(!filled)
        guard case .closeChunk = machine.timerFired(now: at(5)) else {
            Issue.record("the chunk's time is up")
            return
        }
        // The new chunk counts from zero: one element does not fill it.
        let filled2 = machine.next(now: at(6))
        #expect(!filled2)
        let filled3 = machine.next(now: at(7))
        #expect(filled3)
    }

    @Test func afterTheEndNothingHappens() {
        var machine = ChunkStateMachine(timeSpan: 5, count: 1, startedAt: at(0))
        let ends = machine.finish()
        #expect(ends)
        let ends2 = machine.finish()
        #expect(!ends2)
        let filled = machine.next(now: at(1))
        #expect(!filled)
        guard case .none = machine.timerFired(now: at(5)) else {
            Issue.record("a finished machine arms nothing")
            return
        }
    }
}
