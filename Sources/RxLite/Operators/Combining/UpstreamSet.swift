/// A set of upstream indexes (those that have a value, those that are done), for operators with several upstreams
/// that keep one per subscription (`combineLatest`, `zip`).
///
/// Indexes below 64 are bits of one word, so the fixed arities allocate nothing; only the collection forms can pass
/// 64, and only then is the `[Bool]` for the rest allocated, once, at `init`.
///
/// Invariants: `count` is the number of indexes in the set (debug builds check it after every insertion, counting
/// `overflow` only while it has at most 256 slots, so that filling a large set stays O(arity));
/// `overflow.count == max(0, arity - 64)` (`init` sizes it, and nothing resizes it).
struct UpstreamSet {
    /// Bit `i` is set when index `i` (below 64) is in the set.
    var low: UInt64 = 0
    /// Element `i` is `true` when index `64 + i` is in the set.
    var overflow: [Bool]
    /// How many indexes are in the set. Changed only by `insert`.
    var count = 0

    /// An empty set for indexes `0..<arity`.
    init(arity: Int) {
        overflow = arity > 64 ? UpstreamSet.emptyOverflow(arity: arity) : []
    }

    func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 &<< UInt64(truncatingIfNeeded: index)) != 0 : overflow[index - 64]
    }

    /// Adds `index`; returns `false` when it was already in the set.
    @discardableResult
    mutating func insert(_ index: Int) -> Bool {
        if index >= 64 { return insertAboveSixtyFour(index) }
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: index)
        if low & bit != 0 { return false }
        low |= bit
        count += 1
        _checkInvariants()
        return true
    }

    // The paths for more than 64 upstreams: only the collection forms reach them, and kept out of line they leave
    // `insert` its one-word fast path.

    static func emptyOverflow(arity: Int) -> [Bool] {
        Array(repeating: false, count: arity - 64)
    }

    mutating func insertAboveSixtyFour(_ index: Int) -> Bool {
        if overflow[index - 64] { return false }
        overflow[index - 64] = true
        count += 1
        _checkInvariants()
        return true
    }

    /// Debug builds: traps unless `count` is the number of indexes in the set. Past 256 overflow slots it checks only
    /// that `count` lies within what the overflow can add to the low word's.
    func _checkInvariants() {
        #if DEBUG
            let lowCount = low.nonzeroBitCount
            let overflowCount =
                overflow.count <= 256 ? overflow.lazy.filter { $0 }.count : Swift.max(0, count - lowCount)
            precondition(
                count == lowCount + overflowCount && overflowCount <= overflow.count,
                "Internal inconsistency: an UpstreamSet counts \(count) of \(lowCount) low and \(overflowCount) overflow indexes"
            )
        #endif
    }
}
