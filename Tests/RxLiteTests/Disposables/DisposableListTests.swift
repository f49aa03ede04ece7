import Testing

@testable import RxLite

/// The list behind bags, composites and lifetimes, driven directly against a model (a dictionary of what it holds).
@Suite(.checksResources)
struct DisposableListTests {
    @Test func takingOutFromTheEndSqueezesTheHolesLeftBeforeIt() {
        var list = DisposableList<Int>()
        let keys = (0..<6).map { list.append($0) }
        _ = list.remove(key: keys[0])
        _ = list.remove(key: keys[1])
        #expect(list.capacityInUse == 6)
        // Each of these is the last entry: without a squeeze, two holes would stay ahead of a single held entry.
        _ = list.remove(key: keys[5])
        _ = list.remove(key: keys[4])
        #expect(list.count == 2)
        #expect(list.capacityInUse < 2 * list.count)
        var held: [Int] = []
        list.forEach { held.append($0) }
        #expect(held == [2, 3])
    }

    @Test(arguments: 0..<20)
    func randomAppendsAndRemovalsMatchTheModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var list = DisposableList<Int>()
        var model: [UInt64: Int] = [:]
        for value in 0..<300 {
            if !model.isEmpty && random.next() % 2 == 0 {
                let key = model.keys.sorted()[Int(random.next() % UInt64(model.count))]
                #expect(list.remove(key: key) == model.removeValue(forKey: key))
                #expect(list.remove(key: key) == nil, "a key is taken out once")
            } else {
                model[list.append(value)] = value
            }
            #expect(list.count == model.count)
            #expect(model.isEmpty ? list.capacityInUse == 0 : list.capacityInUse < 2 * model.count)
        }
        var held: [Int] = []
        list.forEach { held.append($0) }
        #expect(held == model.keys.sorted().map { model[$0]! })
        #expect(list.removeAll() == held)
        #expect(list.isEmpty)
    }
}
