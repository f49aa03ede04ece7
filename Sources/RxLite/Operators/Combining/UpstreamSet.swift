/// A set of upstream indexes (those that have a value, those that are done), for operators with several upstreams
/// that keep one per subscription (`combineLatest`, `zip`).
///
/// Indexes below 64 are bits of one word, so the fixed arities allocate nothing; only the collection forms can pass
/// 64, and only then is the `[Bool]` for the rest allocated, once, at `init`.
///
/// Invariants: `count` is the number of indexes in the set; `overflow.count == max(0, arity - 64)`.
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
        return true
    }
}
