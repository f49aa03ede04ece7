/// The books one search has shown so far, so that each new page adds only books not seen yet, and never more than
/// the server's own total.
///
/// A server that repeats a page, lists a book twice, or keeps paging past the total it claimed cannot grow the
/// list forever: a page whose books were all shown before adds nothing and ends the paging, and once as many
/// books as the claimed total are shown the paging ends too. Two listings are the same book when their
/// ``Book/identity`` is the same (the item id, else the ISBN-13 and title). When the paging ends below the claimed
/// total, ``shortfall(claimedTotal:)`` says why.
///
/// Invariant: `count` is the number of distinct identities admitted; admitting a page never takes it past that
/// page's `totalResults`.
public struct ShownBooks: Sendable, Equatable {
    /// How many books have been admitted.
    public private(set) var count = 0
    /// How many listings were dropped as books already shown.
    public private(set) var repeatedCount = 0
    /// How many items the pages held that could not be read (``BookSearchPage/skippedItems``).
    public private(set) var skippedCount = 0
    private var identities: Set<String> = []

    /// An empty record, for a new search.
    public init() {}

    /// The books of `page` not shown before, at most as many as its `totalResults` still allows, and whether a
    /// later page may add more: `false` when this page added nothing, reached the total, or is the last page.
    public mutating func admit(_ page: BookSearchPage) -> (books: [Book], hasMore: Bool) {
        var admitted: [Book] = []
        skippedCount += page.skippedItems
        for book in page.books where count < page.totalResults {
            guard identities.insert(book.identity).inserted else {
                repeatedCount += 1
                continue
            }
            admitted.append(book)
            count += 1
        }
        let hasMore = page.hasMore && !admitted.isEmpty && count < page.totalResults
        return (admitted, hasMore)
    }

    /// Why the paging ended with fewer books than `claimedTotal`, as a sentence to show beside the count; `nil`
    /// when the total was reached. "the server repeated books; 12 of the claimed 35 were new", or "the server
    /// listed 12 of the 35 it claimed".
    /// Items skipped as unreadable are said beside the count already, so they are not a shortfall.
    public func shortfall(claimedTotal: Int) -> String? {
        guard count + skippedCount < claimedTotal else { return nil }
        if repeatedCount > 0 { return "the server repeated books; \(count) of the claimed \(claimedTotal) were new" }
        return "the server listed \(count) of the \(claimedTotal) it claimed"
    }
}
