import Testing

@testable import RxLite

/// `RegistrationList`, the hand-kept list of a subject's observers, under any order of appends and removals: it keeps
/// subscription order, each registration knows its slot, a removal hands back the list's retain exactly once, and
/// its invariants hold after every step (`_checkInvariants(walkingEverySlot:)`, which debug builds also run inside
/// the list's own operations).
@Suite(.checksResources) struct RegistrationListTests {
    final class Owner: RegistrationOwner {
        func remove(_ registration: HubRegistration) {}
    }

    final class Numbered: HubRegistration {
        let id: Int

        init(_ id: Int, owner: Owner) {
            self.id = id
            super.init(lifetime: Lifetime.make(), owner: owner)
        }
    }

    func listed(_ list: borrowing RegistrationList) -> [Int] {
        var ids: [Int] = []
        list.forEach(as: Numbered.self) { ids.append($0.id) }
        return ids
    }

    @Test(arguments: 0..<20) func appendsAndRemovalsInAnyOrderMatchAModel(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let owner = Owner()
        var list = RegistrationList()
        var model: [Numbered] = []
        var unlisted: [Numbered] = []
        for id in 0..<300 {
            if model.isEmpty || Int.random(in: 0..<5, using: &random) < 3 {
                let registration = Numbered(id, owner: owner)
                list.append(registration)
                model.append(registration)
            } else {
                let registration = model.remove(at: Int.random(in: 0..<model.count, using: &random))
                let removed = list.remove(registration)
                let removedAgain = list.remove(registration)
                #expect(removed)
                #expect(!removedAgain, "a registration is taken out once")
                #expect(registration.slot == -1)
                // The list's retain is the caller's now.
                Unmanaged.passUnretained(registration).release()
                unlisted.append(registration)
            }
            list._checkInvariants(walkingEverySlot: true)
            let count = list.count
            let ids = listed(list)
            #expect(count == model.count)
            #expect(ids == model.map(\.id))
        }
        var taken = list.take()
        let leftCount = list.count
        let (left, takenIDs) = (listed(list), listed(taken))
        #expect(leftCount == 0 && left.isEmpty)
        #expect(takenIDs == model.map(\.id))
        taken.releaseAll()
        taken._checkInvariants(walkingEverySlot: true)
        #expect(model.allSatisfy { $0.slot == -1 })
        // Every retain the list took was given back: the model's arrays hold the only references.
        for index in model.indices { #expect(isKnownUniquelyReferenced(&model[index])) }
        for index in unlisted.indices { #expect(isKnownUniquelyReferenced(&unlisted[index])) }
    }

    /// Removing the last slot when the holes already equal the registrations left one hole too many (10 for 9): the
    /// deadlock hunt's subjects found it, as a debug-build invariant trap. The list now squeezes them out then too.
    @Test func removingTheLastSlotKeepsTheHolesBounded() {
        let owner = Owner()
        var list = RegistrationList()
        var model = (0..<20).map { Numbered($0, owner: owner) }
        for registration in model { list.append(registration) }
        // Ten holes at the front, ten registrations behind them.
        for registration in model.prefix(10) {
            let removed = list.remove(registration)
            #expect(removed)
            Unmanaged.passUnretained(registration).release()
        }
        let removedLast = list.remove(model[19])
        #expect(removedLast)
        Unmanaged.passUnretained(model[19]).release()
        list._checkInvariants(walkingEverySlot: true)
        let ids = listed(list)
        #expect(ids == Array(10..<19))
        var taken = list.take()
        taken.releaseAll()
        for index in model.indices { #expect(isKnownUniquelyReferenced(&model[index])) }
    }
}
