/// Disposables in insertion order, each under a key, any of which can be taken out again: the storage of
/// ``DisposeBag``, ``CompositeDisposable`` (`any Disposable`) and a `Lifetime`'s resources (`Lifetime.Resource`).
///
/// Invariants (debug builds check them after every change; the order of keys and the count of holes only while the
/// list has at most 256 entries, so that a list of a million stays O(1) per change):
/// - `entries` is in key order and keys only grow, so a key is found by binary search.
/// - Taking an entry out leaves a hole (`nil`) unless it is the last; trailing holes are dropped at once, and holes
///   are squeezed out once they are half the entries. So taking out any of N entries is O(log N) amortized, and the
///   array holds fewer than twice the live entries: a bag that sees a million short subscriptions
///   one after another stays the size of the few alive at once.
/// - Not thread-safe: its owner keeps it under a lock.
struct DisposableList<Resource> {
    private var entries: [(key: UInt64, disposable: Resource?)] = []
    private var holes = 0
    private var nextKey: UInt64

    init(firstKey: UInt64 = 0) {
        nextKey = firstKey
    }

    /// The disposables held.
    var count: Int { entries.count - holes }

    /// The slots the list keeps (held disposables and holes), for tests of its size.
    var capacityInUse: Int { entries.count }

    /// Whether nothing is held (no entry and no hole: the last removal drops trailing holes).
    var isEmpty: Bool { entries.isEmpty }

    /// Adds `disposable` after every other; returns its key.
    mutating func append(_ disposable: Resource) -> UInt64 {
        let key = nextKey
        nextKey &+= 1
        entries.append((key, disposable))
        _checkInvariants()
        return key
    }

    /// Adds `disposable` under `key`, which its owner gives out and which is greater than every key held.
    mutating func append(_ disposable: Resource, key: UInt64) {
        entries.append((key, disposable))
        _checkInvariants()
    }

    /// Makes room for `count` more entries.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(entries.count + count)
    }

    /// Takes the disposable under `key` out, without disposing it; `nil` when it is not held (taken before).
    mutating func remove(key: UInt64) -> Resource? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < key { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].key == key, let disposable = entries[low].disposable else {
            return nil
        }
        if low == entries.count - 1 {
            entries.removeLast()
            while let last = entries.last, last.disposable == nil {
                entries.removeLast()
                holes -= 1
            }
        } else {
            entries[low].disposable = nil
            holes += 1
        }
        // Both ways: dropping entries from the end leaves the holes before them a larger share of what is left.
        if holes * 2 >= entries.count && holes > 0 {
            entries.removeAll { $0.disposable == nil }
            holes = 0
        }
        _checkInvariants()
        return disposable
    }

    /// Takes every disposable out, in insertion order.
    mutating func removeAll() -> [Resource] {
        let taken = entries.compactMap(\.disposable)
        entries = []
        holes = 0
        return taken
    }

    /// Calls `body` with each disposable held, in insertion order.
    func forEach(_ body: (Resource) -> Void) {
        for entry in entries {
            if let disposable = entry.disposable { body(disposable) }
        }
    }

    /// Debug builds: traps unless the last entry is held, the holes are within the bound, and (for at most 256
    /// entries) the keys ascend and `holes` counts the entries taken out.
    func _checkInvariants() {
        #if DEBUG
            precondition(
                holes >= 0 && (holes == 0 || holes * 2 < entries.count),
                "Internal inconsistency: a disposable list keeps \(holes) holes in \(entries.count) entries")
            precondition(
                entries.last.map { $0.disposable != nil } ?? true,
                "Internal inconsistency: a disposable list ends with a hole")
            guard entries.count <= 256 else { return }
            var previous: UInt64?
            var emptySlots = 0
            for entry in entries {
                if let previous {
                    precondition(entry.key > previous, "Internal inconsistency: a disposable list's keys do not ascend")
                }
                previous = entry.key
                if entry.disposable == nil { emptySlots += 1 }
            }
            precondition(
                emptySlots == holes, "Internal inconsistency: a disposable list counts \(holes) holes of \(emptySlots)")
        #endif
    }
}

/// What holds disposables and forgets a subscription that ended: ``DisposeBag`` and ``CompositeDisposable``.
protocol EndedSubscriptionForgetting: AnyObject, Sendable {
    /// Takes the entry under `key` out without disposing it (its subscription has ended).
    func forgetEnded(key: UInt64)
}

/// Put into a subscription's lifetime by the bag (or composite) that holds the subscription, under `key`: the
/// lifetime disposes its resources once when it ends (completed, failed or disposed), and this then tells the bag
/// to forget the entry. Holds the bag weakly: a bag being deallocated disposes what it holds, and must not be
/// called back then.
final class EndedSubscriptionRelease: Disposable, @unchecked Sendable {
    private weak let owner: (any EndedSubscriptionForgetting)?
    private let key: UInt64

    init(owner: any EndedSubscriptionForgetting, key: UInt64) {
        self.owner = owner
        self.key = key
    }

    func dispose() {
        owner?.forgetEnded(key: key)
    }
}
