import RxLiteTest
import Testing

@testable import RxLite

/// The binary heap under `VirtualTimeScheduler` (and so `TestScheduler`): order by time then scheduling order,
/// removal of any item, and a queue that holds only what is still pending.
@Suite(.checksResources) struct VirtualTimeQueueTests {
    final class Entry: VirtualTimeQueueItem {
        let time: Int
        let sequence: Int
        var queueIndex = -1

        init(time: Int, sequence: Int) {
            self.time = time
            self.sequence = sequence
        }
    }

    static func makeQueue() -> VirtualTimeQueue<Entry> {
        VirtualTimeQueue { $0 < $1 ? .lessThan : $0 == $1 ? .equal : .greaterThan }
    }

    static func drain(_ queue: inout VirtualTimeQueue<Entry>) -> [Entry] {
        var out: [Entry] = []
        while let entry = queue.removeFirst() { out.append(entry) }
        return out
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func manyItemsInRandomOrderComeOutByTimeThenSequence(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        // Few distinct times among many items, so most items share their time with others.
        let entries = (0..<3_000).map { Entry(time: Int.random(in: 0..<50, using: &random), sequence: $0) }
        var queue = Self.makeQueue()
        for entry in entries.shuffled(using: &random) { queue.insert(entry) }
        #expect(queue.count == entries.count)
        let out = Self.drain(&queue)
        let expected = entries.sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
        #expect(out.map(\.sequence) == expected.map(\.sequence))
        #expect(queue.count == 0)
        #expect(out.allSatisfy { $0.queueIndex == -1 })
    }

    @Test(arguments: [4, 5, 6] as [UInt64])
    func removingAnyItemsKeepsTheOrderOfTheRest(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let entries = (0..<2_000).map { Entry(time: Int.random(in: 0..<100, using: &random), sequence: $0) }
        var queue = Self.makeQueue()
        for entry in entries { queue.insert(entry) }
        let removed = Set(entries.indices.filter { _ in Int.random(in: 0..<3, using: &random) == 0 })
        var removals: [Bool] = []
        for index in removed.shuffled(using: &random) { removals.append(queue.remove(entries[index])) }
        #expect(removals.allSatisfy { $0 })
        // A second removal, and removal of an item that was never queued, find nothing.
        let removedAgain = removed.first.map { queue.remove(entries[$0]) }
        let removedStranger = queue.remove(Entry(time: 0, sequence: -1))
        #expect(removedAgain == false && !removedStranger)
        #expect(queue.count == entries.count - removed.count)
        let expected = entries.indices.filter { !removed.contains($0) }
            .sorted { (entries[$0].time, $0) < (entries[$1].time, $1) }
        #expect(Self.drain(&queue).map(\.sequence) == expected)
    }

    @Test func aVirtualTimeSchedulerRunsThousandsOfActionsByTimeThenSchedulingOrder() {
        var random = SplitMix64(seed: 7)
        let scheduler = VirtualTimeScheduler(
            initialClock: 0, converter: TestSchedulerVirtualTimeConverter(resolution: 1))
        var ran: [(clock: Int, index: Int)] = []
        var times: [Int] = []
        for index in 0..<2_000 {
            let time = Int.random(in: 1...40, using: &random)
            times.append(time)
            _ = scheduler.scheduleAbsoluteVirtual(index, time: time) { index in
                ran.append((scheduler.clock, index))
                return Disposables.create()
            }
        }
        scheduler.start()
        let expected = times.indices.sorted { (times[$0], $0) < (times[$1], $1) }
        #expect(ran.map(\.index) == expected)
        #expect(ran.allSatisfy { $0.clock == times[$0.index] })
        #expect(scheduler.pendingCount == 0)
    }

    /// A debounce-like pattern: each new timer cancels the previous one. The queue must not keep the cancelled
    /// ones, nor their closures.
    @Test func cancellingPendingActionsKeepsTheQueueAndItsClosuresBounded() {
        final class Captured {}
        let scheduler = TestScheduler()
        weak var firstCaptured: Captured?
        var pending: (any Disposable)?
        var ran = 0
        for round in 0..<10_000 {
            let captured = Captured()
            if round == 0 { firstCaptured = captured }
            pending?.dispose()
            pending = scheduler.scheduleRelative(captured, dueTime: .seconds(5)) { _ in
                ran += 1
                return Disposables.create()
            }
            #expect(scheduler.pendingCount == 1)
        }
        #expect(firstCaptured == nil)
        scheduler.start()
        #expect(ran == 1)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func actionsCancelledWhileRunningNeverRunAndLeaveTheQueue() {
        let scheduler = TestScheduler()
        var ran: [Int] = []
        var disposables: [any Disposable] = []
        for index in 0..<100 {
            disposables.append(
                scheduler.scheduleAbsoluteVirtual(index, time: 10 + index % 10) { index in
                    ran.append(index)
                    // Each action cancels the one scheduled right after it, wherever that sits in the heap.
                    if index + 1 < disposables.count { disposables[index + 1].dispose() }
                    return Disposables.create()
                })
        }
        scheduler.start()
        var expected: [Int] = []
        var cancelled = Set<Int>()
        for index in (0..<100).sorted(by: { (10 + $0 % 10, $0) < (10 + $1 % 10, $1) })
        where !cancelled.contains(index) {
            expected.append(index)
            cancelled.insert(index + 1)
        }
        #expect(ran == expected)
        #expect(scheduler.pendingCount == 0)
    }
}
