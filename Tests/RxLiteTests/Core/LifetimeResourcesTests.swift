import Testing

@testable import RxLite

/// A lifetime's resources under any order of removal: what is taken out is returned once and never disposed by the
/// lifetime; what stays is disposed exactly once, in insertion order, when the lifetime ends.
@Suite(.checksResources) struct LifetimeResourcesTests {
    /// A resource that logs its disposal.
    final class Probe: Disposable, @unchecked Sendable {
        let id: Int
        let log: DisposalLog

        init(_ id: Int, _ log: DisposalLog) {
            self.id = id
            self.log = log
        }

        func dispose() { log.ids.append(id) }
    }

    final class DisposalLog: @unchecked Sendable {
        var ids: [Int] = []
    }

    @Test(arguments: 0..<20) func removalsInAnyOrderMatchAModel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let log = DisposalLog()
        let lifetime = Lifetime.make()
        // The model: the keys and ids still held, in insertion order.
        var held: [(key: UInt64, id: Int)] = []
        for id in 0..<400 {
            if held.isEmpty || Int.random(in: 0..<5, using: &random) < 3 {
                let key = lifetime.insert(Probe(id, log))
                #expect(key != nil)
                held.append((key!, id))
            } else {
                let (key, expectedID) = held.remove(at: Int.random(in: 0..<held.count, using: &random))
                let removed = lifetime.remove(key: key) as? Probe
                #expect(removed?.id == expectedID)
                #expect(lifetime.remove(key: key) == nil, "a key is taken out once")
            }
        }
        #expect(log.ids.isEmpty, "removal never disposes")
        lifetime.dispose()
        #expect(log.ids == held.map(\.id))
    }
}
