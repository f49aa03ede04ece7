/// Disposables in insertion order, each under a key, any of which can be taken out again: the storage of
/// ``DisposeBag``, ``CompositeDisposable`` (`any Disposable`) and a `Lifetime`'s resources (`Lifetime.Resource`).
///
/// Invariants:
/// - `entries` is in key order and keys only grow, so a key is found by binary search.
/// - Taking an entry out leaves a hole (`nil`) unless it is the last; holes are squeezed out once they are half the
///   entries, and trailing holes are dropped at once. So taking out any of N entries is O(log N) amortized, and the
///   array never holds more than twice the live entries plus one: a bag that sees a million short subscriptions
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
        return key
    }

    /// Adds `disposable` under `key`, which its owner gives out and which is greater than every key held.
    mutating func append(_ disposable: Resource, key: UInt64) {
        entries.append((key, disposable))
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
            return disposable
        }
        entries[low].disposable = nil
        holes += 1
        if holes * 2 >= entries.count {
            entries.removeAll { $0.disposable == nil }
            holes = 0
        }
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
