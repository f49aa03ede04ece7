import Testing

@testable import RxLite

@Suite(.checksResources) struct RingBufferTests {
    @Test func elementsComeOutInTheOrderTheyWentIn() {
        var queue = RingBuffer<Int>()
        #expect(queue.isEmpty)
        #expect(queue.popFirst() == nil)
        for element in 1...10 { queue.append(element) }
        #expect(queue.count == 10)
        #expect(queue.first == 1)
        var out: [Int] = []
        while let element = queue.popFirst() { out.append(element) }
        #expect(out == Array(1...10))
        #expect(queue.isEmpty)
        #expect(queue.first == nil)
    }

    @Test func theFrontWrapsAroundTheBufferAndGrowingKeepsTheOrder() {
        var queue = RingBuffer<String>()
        var expected: [String] = []
        // Three in, two out, so the front walks around a 4-slot buffer before the queue outgrows it.
        for round in 0..<20 {
            for index in 0..<3 {
                queue.append("\(round).\(index)")
                expected.append("\(round).\(index)")
            }
            for _ in 0..<2 { #expect(queue.popFirst() == expected.removeFirst()) }
            var seen: [String] = []
            queue.forEach { seen.append($0) }
            #expect(seen == expected)
        }
    }

    @Test func aCopyIsIndependentOfTheOriginal() {
        var original = RingBuffer<Int>()
        for element in 0..<5 { original.append(element) }
        _ = original.popFirst()
        var copy = original
        copy.append(99)
        #expect(copy.popFirst() == 1)
        #expect(original.count == 4)
        var rest: [Int] = []
        while let element = original.popFirst() { rest.append(element) }
        #expect(rest == [1, 2, 3, 4])
        var copied: [Int] = []
        while let element = copy.popFirst() { copied.append(element) }
        #expect(copied == [2, 3, 4, 99])
    }

    @Test func everyElementIsReleasedExactlyOnce() {
        final class Tracked {
            let onDeinit: () -> Void
            init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
            deinit { onDeinit() }
        }
        var released = 0
        do {
            var queue = RingBuffer<Tracked>()
            for _ in 0..<7 { queue.append(Tracked { released += 1 }) }
            _ = queue.popFirst()
            #expect(released == 1)
            queue.removeAll(keepingCapacity: true)
            #expect(released == 7)
            for _ in 0..<3 { queue.append(Tracked { released += 1 }) }
            let copy = queue
            queue.removeAll()
            #expect(released == 7)
            #expect(copy.count == 3)
        }
        #expect(released == 10)
    }

    /// Random appends, pops and clears against an array as the model.
    @Test(arguments: 0..<20) func behavesAsAnArrayUsedAsAQueue(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var queue = RingBuffer<Int>()
        var model: [Int] = []
        var next = 0
        for _ in 0..<2_000 {
            switch random.next() % 10 {
            case 0..<5:
                queue.append(next)
                model.append(next)
                next += 1
            case 5..<9:
                #expect(queue.popFirst() == (model.isEmpty ? nil : model.removeFirst()))
            default:
                queue.removeAll(keepingCapacity: random.next() % 2 == 0)
                model.removeAll()
            }
            #expect(queue.count == model.count)
            #expect(queue.first == model.first)
        }
    }
}
